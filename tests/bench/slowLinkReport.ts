import { SLOW_LINK, type SlowLinkResult, type SlowLinkRun } from './slowLink';
import { figure } from './figures';
import { median, table } from './report';

/**
 * A cold /offices over a slow link, compressed as browsers ask and, as the reference, with every
 * answer uncompressed. Targets: the shell within 5 s, the first office within 8 s.
 */
export const SLOW_LINK_RUNS = 3;
const SLOW_LINK_TARGET = { shell: 5_000, content: 8_000 };

/** Prints the slow-link figures, compressed beside the uncompressed reference, and the targets. */
export function printSlowLink(slow: SlowLinkResult) {
  const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
  const row = (label: string, runs: SlowLinkRun[]) => {
    const shell = median(runs.map((r) => r.shell));
    const content = median(runs.map((r) => r.content));
    return [
      label,
      s(median(runs.map((r) => r.firstPaint))),
      s(shell),
      s(content),
      `${(median(runs.map((r) => r.wireBytes)) / 1024).toFixed(0)} KB`,
      `${runs[0]!.compressed} of ${runs[0]!.answers}`,
      shell <= SLOW_LINK_TARGET.shell && content <= SLOW_LINK_TARGET.content ? 'met' : 'MISSED',
    ];
  };
  console.log(
    table(
      [`Cold /offices, ${SLOW_LINK.kbitPerSecond} kbit/s, ${SLOW_LINK.latencyMs} ms, median of ${SLOW_LINK_RUNS}`, 'first paint', 'shell', 'content', 'on the wire', 'compressed answers', `target ${s(SLOW_LINK_TARGET.shell)} / ${s(SLOW_LINK_TARGET.content)}`],
      [row('brotli or gzip, as browsers ask', slow.compressed), row('reference: Accept-Encoding: identity', slow.reference)],
    ),
  );
  const at = (runs: SlowLinkRun[], key: 'firstPaint' | 'shell' | 'content' | 'wireBytes') => median(runs.map((r) => r[key]));
  const link = `cold /offices over ${SLOW_LINK.kbitPerSecond} kbit/s, ${SLOW_LINK.latencyMs} ms, median of ${SLOW_LINK_RUNS}`;
  const reference = 'the same, Accept-Encoding: identity';
  for (const [key, what, target] of [
    ['firstPaint', 'first paint', undefined],
    ['shell', 'shell (the main navigation visible)', SLOW_LINK_TARGET.shell],
    ['content', 'content (the first office card)', SLOW_LINK_TARGET.content],
  ] as const) {
    // The targets are on the times themselves: the uncompressed run is recorded beside them.
    figure({ part: 'slowlink', name: `${link}: ${what}`, value: at(slow.compressed, key), unit: 'ms', ...(target ? { target: ['<=', target] as ['<=', number] } : {}) });
    figure({ part: 'slowlink', name: `${link}: ${what}, against ${reference}`, value: at(slow.compressed, key), unit: 'ms', reference: { name: `${reference}: ${what}`, value: at(slow.reference, key) } });
  }
  figure({ part: 'slowlink', name: `${link}: bytes on the wire`, value: at(slow.compressed, 'wireBytes') / 1024, unit: 'KB', reference: { name: `${reference}: bytes on the wire`, value: at(slow.reference, 'wireBytes') / 1024 } });
  console.log('Shell: the main navigation visible; content: the first office card. First paint is the inline splash, timed by the page itself.');
}
