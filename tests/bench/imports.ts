import type { ImportProgress } from '@shared/imports';
import type { BenchDatabase } from './database';
import { withServer } from './browser';
import { percentiles, type Percentiles } from './live';

/**
 * CSV import of `rows` offices: the preview and the import, and the latency of GET /api/offices
 * (one location's list) fetched in a loop by `readers` clients during the import, against the
 * same loop for as long with no import (at most IDLE_MAX_MS), in the same run.
 */
/**
 * The reference window's longest: on a loaded machine the import takes minutes, and as long
 * again of idle reads adds nothing to percentiles already drawn from thousands of requests.
 */
const IDLE_MAX_MS = 30_000;

export interface ImportBenchResult {
  rows: number;
  previewMs: number;
  importMs: number;
  during: Percentiles;
  idle: Percentiles;
  /** GETs answered during the import and in the idle window. */
  requests: { during: number; idle: number };
}

export async function benchImport(database: BenchDatabase, rows: number, readers: number, progress: (line: string) => void): Promise<ImportBenchResult> {
  return withServer(database, async ({ url, token }) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const csv = ['office_number,location,desks,floor,monthly_rate,windowed', ...Array.from({ length: rows }, (_, i) => `IMP-${i + 1},East Austin,${1 + (i % 10)},${1 + (i % 4)},${800 + (i % 50) * 40},${i % 3 === 0 ? 'yes' : 'no'}`)].join('\n');
    const body = JSON.stringify({ kind: 'offices', csv });

    /** GETs of one location's offices in a loop until `stop` resolves; their latencies, ms. */
    const read = async (stop: Promise<unknown>) => {
      let running = true;
      void stop.then(() => (running = false));
      const samples: number[] = [];
      await Promise.all(
        Array.from({ length: readers }, async () => {
          while (running) {
            const started = performance.now();
            const res = await fetch(`${url}/api/offices?location=Center%20City`, { headers });
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`GET /api/offices answered ${res.status}`);
            samples.push(performance.now() - started);
          }
        }),
      );
      return samples;
    };

    progress(`previewing a ${rows.toLocaleString('en-US')}-row CSV of offices`);
    let started = performance.now();
    const preview = await fetch(`${url}/api/imports/preview`, { method: 'POST', headers, body });
    const checked = (await preview.json()) as { valid: number };
    const previewMs = performance.now() - started;
    if (checked.valid !== rows) throw new Error(`the preview found ${checked.valid} valid rows of ${rows}`);

    progress(`importing it while ${readers} clients read GET /api/offices`);
    started = performance.now();
    const imported = fetch(`${url}/api/imports`, { method: 'POST', headers, body }).then(async (res) => {
      const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l) as ImportProgress);
      const last = lines.at(-1);
      if (last?.type !== 'done' || last.imported !== rows) throw new Error(`the import ended with ${JSON.stringify(last)}`);
      return performance.now() - started;
    });
    const during = await read(imported);
    const importMs = await imported;

    const idleMs = Math.min(importMs, IDLE_MAX_MS);
    progress(`the same reads for ${(idleMs / 1000).toFixed(1)} s without an import`);
    const idle = await read(new Promise((resolve) => setTimeout(resolve, idleMs)));
    return { rows, previewMs, importMs, during: percentiles(during), idle: percentiles(idle), requests: { during: during.length, idle: idle.length } };
  });
}
