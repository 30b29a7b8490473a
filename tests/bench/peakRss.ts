import v8 from 'node:v8';
import vm from 'node:vm';

const MB = 2 ** 20;
/** How often the resident set is sampled while the work runs. */
const SAMPLE_MS = 50;

/** The garbage collector, asked for at run time (the bench runs without --expose-gc). */
function collector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

export interface PeakRss<T> {
  result: T;
  /** Resident set after a full collection, before the work, in MB. */
  baselineMb: number;
  /** The highest resident set while the work ran, in MB. */
  peakMb: number;
  growthMb: number;
}

/**
 * Runs `work` and reports how far the process's resident set rose above what it held before
 * (after a full collection): sampled every SAMPLE_MS, and the kernel's own high-water mark
 * (maxRSS) where the work raised it, since a sample can fall between two spikes. maxRSS is the
 * process's lifetime maximum, so it counts only when it moved during the work.
 */
export async function measurePeakRss<T>(work: () => Promise<T>): Promise<PeakRss<T>> {
  const gc = collector();
  gc();
  gc();
  const baseline = process.memoryUsage.rss();
  const maxBefore = process.resourceUsage().maxRSS * 1024;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, SAMPLE_MS);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    const maxAfter = process.resourceUsage().maxRSS * 1024;
    if (maxAfter > maxBefore) peak = Math.max(peak, maxAfter);
    return { result, baselineMb: baseline / MB, peakMb: peak / MB, growthMb: (peak - baseline) / MB };
  } finally {
    clearInterval(timer);
  }
}
