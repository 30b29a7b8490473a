import { describe, expect, it } from 'vitest';
import { applyRow, emptyCollection, mergeSnapshot, rowsOf } from '../../client/src/live/collection';

interface Row {
  id: string;
  version: number;
  name: string;
}
const row = (id: string, version: number, name = `${id}@${version}`): Row => ({ id, version, name });

describe('live collection merge', () => {
  it('applies a newer version and ignores a repeated or older one', () => {
    let c = applyRow(emptyCollection<Row>(), 'a', row('a', 2));
    c = applyRow(c, 'a', row('a', 3, 'newest'));
    const same = applyRow(c, 'a', row('a', 3, 'repeated'));
    const late = applyRow(c, 'a', row('a', 1, 'late'));
    expect(same).toBe(c);
    expect(late).toBe(c);
    expect(c.byId.a?.name).toBe('newest');
  });

  it('keeps a removed row removed, whatever arrives late', () => {
    let c = applyRow(emptyCollection<Row>(), 'a', row('a', 1));
    c = applyRow(c, 'a', null);
    expect(rowsOf(c)).toEqual([]);
    c = applyRow(c, 'a', row('a', 9));
    expect(rowsOf(c)).toEqual([]);
  });

  it('marks rows pushed by others with the time they arrived', () => {
    const c = applyRow(emptyCollection<Row>(), 'a', row('a', 1), 1234);
    expect(c.touched).toEqual({ a: 1234 });
    expect(applyRow(emptyCollection<Row>(), 'a', row('a', 1)).touched).toEqual({});
  });

  it('merges a snapshot keeping the newer of pushed and loaded rows', () => {
    let c = applyRow(emptyCollection<Row>(), 'a', row('a', 5, 'pushed'));
    c = mergeSnapshot(c, [row('a', 4, 'loaded'), row('b', 1)]);
    expect(c.status).toBe('ready');
    expect(c.byId.a?.name).toBe('pushed');
    expect(c.byId.b?.version).toBe(1);
    c = mergeSnapshot(c, [row('a', 6, 'loaded later')]);
    expect(c.byId.a?.name).toBe('loaded later');
  });

  it('drops rows a snapshot lacks, unless they were pushed while it loaded', () => {
    let c = mergeSnapshot(emptyCollection<Row>(), [row('a', 1), row('b', 1)]);
    c = applyRow(c, 'c', row('c', 1), 10);
    const next = mergeSnapshot(c, [row('a', 1)], new Set(['c']));
    expect(Object.keys(next.byId).sort()).toEqual(['a', 'c']);
  });

  it('never lets a snapshot bring back a removed row', () => {
    let c = mergeSnapshot(emptyCollection<Row>(), [row('a', 1)]);
    c = applyRow(c, 'a', null);
    expect(rowsOf(mergeSnapshot(c, [row('a', 1)]))).toEqual([]);
  });
});

describe('rows that change without their own stream moving', () => {
  const at = (id: string, version: number, updated_at: string, name: string) => ({ id, version, updated_at, name });

  it('applies the same version when it changed later, and never an earlier one', () => {
    let c = applyRow(emptyCollection<Row & { updated_at: string }>(), 'a', at('a', 2, '2026-11-22T10:00:00.000Z', 'Acme'));
    c = applyRow(c, 'a', at('a', 2, '2026-11-22T10:05:00.000Z', 'Acme Renamed'));
    expect(c.byId.a?.name).toBe('Acme Renamed');
    const late = applyRow(c, 'a', at('a', 2, '2026-11-22T10:00:00.000Z', 'Acme'));
    expect(late).toBe(c);
    const repeated = applyRow(c, 'a', at('a', 2, '2026-11-22T10:05:00.000Z', 'Acme Renamed'));
    expect(repeated).toBe(c);
  });
});
