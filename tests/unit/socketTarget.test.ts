import { describe, expect, it } from 'vitest';
import { socketTarget, tcpUrl } from '../../events/store/socketTarget';
import { embeddedUrl, socketDirectory } from '../../server/db/embedded';

describe('a database URL naming a Unix-domain socket', () => {
  it('given ?host=/directory, hands the directory over and leaves the rest of the URL', () => {
    const target = socketTarget('postgres://postgres:p%40ss@127.0.0.1:5499/flexspace?host=%2Fdata%2Fpg&sslmode=disable');
    expect(target).toEqual({ url: 'postgres://postgres:p%40ss@127.0.0.1:5499/flexspace?sslmode=disable', host: '/data/pg' });
  });

  it('given no socket directory, leaves the URL exactly as given', () => {
    for (const url of ['postgres://u:p@db.example:5432/app?host=db2', 'postgres://u:p@h1:5432,h2:5433/app', 'not a url']) {
      expect(socketTarget(url)).toEqual({ url });
    }
  });

  it('given a socket URL, its TCP twin is the same server at the host and port', () => {
    expect(tcpUrl('postgres://u:p@127.0.0.1:5499/app?host=%2Fdata%2Fpg')).toBe('postgres://u:p@127.0.0.1:5499/app');
  });
});

describe('the embedded server socket', () => {
  it('given a short cluster directory, puts the socket in it and names it in the URL', () => {
    expect(socketDirectory('/data/pg', 5499)).toBe('/data/pg');
    expect(socketTarget(embeddedUrl('ab12', 5499, '/data/pg'))).toEqual({
      url: 'postgres://postgres:ab12@127.0.0.1:5499/postgres',
      host: '/data/pg',
    });
  });

  it('given a directory whose socket path would pass 107 bytes, stays on TCP', () => {
    const deep = `/${'d'.repeat(91)}`; // with '/.s.PGSQL.5499' the socket's path is 106 bytes; two more make 108
    expect(socketDirectory(deep, 5499)).toBe(deep);
    expect(socketDirectory(`${deep}dd`, 5499)).toBeNull();
    expect(embeddedUrl('ab12', 5499, null)).toBe('postgres://postgres:ab12@127.0.0.1:5499/postgres');
  });

  it('given a directory with a comma or a space, stays on TCP (the setting is a list)', () => {
    expect(socketDirectory('/data/a,b/pg', 5499)).toBeNull();
    expect(socketDirectory('/data/a b/pg', 5499)).toBeNull();
  });
});
