import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger';
import { stopParts } from '../../server/shutdown';

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: { msg: string; part?: string }[] = [];
  const out = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { msg: string; part?: string });
      done();
    },
  });
  return { logger: createLogger('info', out), lines };
}

describe('stopping the parts of a node', () => {
  it('given a part that never ends, when the node stops, then the stop goes on past it and names it', async () => {
    const { logger, lines } = recordingLogger();
    const stopped: string[] = [];
    const hung = await stopParts(
      [
        { name: 'gateway', stop: async () => void stopped.push('gateway') },
        { name: 'background jobs', stop: () => new Promise(() => undefined) },
        { name: 'change feed', stop: async () => void stopped.push('change feed') },
      ],
      50,
      logger,
    );
    expect(hung).toEqual(['background jobs']);
    expect(stopped).toEqual(['gateway', 'change feed']);
    expect(lines.filter((line) => line.msg.includes('did not stop in time')).map((line) => line.part)).toEqual(['background jobs']);
  });

  it('given a part that fails, when the node stops, then the next parts still stop', async () => {
    const { logger, lines } = recordingLogger();
    const stopped: string[] = [];
    const hung = await stopParts(
      [
        { name: 'gateway', stop: () => Promise.reject(new Error('already closed')) },
        { name: 'change feed', stop: async () => void stopped.push('change feed') },
      ],
      1_000,
      logger,
    );
    expect(hung).toEqual([]);
    expect(stopped).toEqual(['change feed']);
    expect(lines.some((line) => line.msg.includes('failed to stop') && line.part === 'gateway')).toBe(true);
  });
});
