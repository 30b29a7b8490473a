import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Pool } from '../../events/store/types';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux everywhere in practice). */
const TICKS_PER_SECOND = 100;

/** utime, stime, cutime, cstime of one process, in ticks, and its parent's pid; null once it is gone. */
function stat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it are counted from its ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    return { ppid: Number(fields[1]), ticks: utime! + stime! + cutime! + cstime! };
  } catch {
    return null;
  }
}

export interface DatabaseCpu {
  /** CPU time of the PostgreSQL server so far, µs: the postmaster and its children, including ended ones it reaped. */
  read(): number;
}

/**
 * The CPU of the PostgreSQL server behind `sql`, from /proc: null when it runs elsewhere (not
 * on this machine, or not readable). Only that server's processes count, not other servers'.
 */
export async function databaseCpu(sql: Pool): Promise<DatabaseCpu | null> {
  try {
    const [row] = await sql<{ data_directory: string }[]>`SELECT current_setting('data_directory') AS data_directory`;
    const postmaster = Number(readFileSync(path.join(row!.data_directory, 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!stat(postmaster)) return null;
    return {
      read() {
        let ticks = stat(postmaster)?.ticks ?? 0;
        for (const entry of readdirSync('/proc')) {
          if (!/^\d+$/.test(entry)) continue;
          const child = stat(Number(entry));
          if (child?.ppid === postmaster) ticks += child.ticks;
        }
        return (ticks / TICKS_PER_SECOND) * 1e6;
      },
    };
  } catch {
    return null;
  }
}

/** This process's CPU so far, µs (every thread of it). */
export const processCpu = () => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};
