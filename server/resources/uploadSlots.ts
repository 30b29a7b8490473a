/**
 * How many uploads one process receives at once. Each holds its file in memory (up to 20 MiB)
 * until it is stored, so this bounds that memory; one more is told to try again shortly.
 */
export function uploadSlots(max: number) {
  let used = 0;
  return {
    /** A release function, or null when every slot is taken. */
    take(): (() => void) | null {
      if (used >= max) return null;
      used += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        used -= 1;
      };
    },
  };
}
