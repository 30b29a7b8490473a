import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * `BENCH_CPU_PROFILE=FILE`: a CPU profile of this process over one measured window, written to
 * FILE (open it in Chrome's DevTools); without it, nothing is recorded.
 */
export async function profiled<T>(label: string, work: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file.replace(/(\.cpuprofile)?$/, `.${label}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}
