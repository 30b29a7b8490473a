import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { parse } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';
import { officeAggregate } from '../../events/office/decider';
import type { OfficeStatus } from '@shared/schemas/offices';
import type { Location } from '@shared/schemas/locations';
import type { OfficeWorld } from './officeHelpers';

/** A percentage with one decimal, and cents: worked out here, not with the product's helpers. */
export const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
export const cents = (n: number) => Math.round(n * 100) / 100;

/** Noon in New York on `day` (YYYY-MM-DD): unmistakably that day on the reports' calendar. */
export const noon = (day: string) => new Date(`${day}T17:00:00Z`);

/**
 * Office history written through the office commands with back-dated times, as the demo seed
 * does: the API always stamps now, and a report as of a past day needs a past to read.
 */
export function history(w: OfficeWorld) {
  const run = (id: string, command: Parameters<OfficeWorld['server']['deps']['handle']>[2], day: string) =>
    w.server.deps.handle(officeAggregate, id, command as never, { userId: 'system', now: noon(day) });
  return {
    async location(name: string): Promise<Location> {
      const res = await w.api<Location>('POST', '/api/locations', {
        token: w.tokens.admin,
        body: { name, city: 'Philadelphia', address: '1 Test St', manager: 'Rae Kim', floors: [1] },
      });
      expect(res.status, res.text).toBe(201);
      return res.body;
    },
    async office(day: string, location_id: string, office_number: string, desks: number, monthly: number): Promise<string> {
      const id = randomUUID();
      const details = { office_number, location_id, type: 'Private Office', desks, floor: 1, windowed: false, marketed_rates: { monthly, six_month: 0, twelve_month: 0 } };
      await run(id, { type: 'CreateOffice', id, details }, day);
      return id;
    },
    lease: (day: string, id: string, lease: { signed_rate: number | null; term_months: number | null; start_date: string | null }) =>
      run(id, { type: 'UpdateOffice', lease }, day),
    status: (day: string, id: string, status: OfficeStatus) => run(id, { type: 'ChangeOfficeStatus', status }, day),
    rates: (day: string, id: string, monthly: number) => run(id, { type: 'UpdateOffice', marketed_rates: { monthly, six_month: 0, twelve_month: 0 } }, day),
  };
}

export interface Download {
  status: number;
  type: string | null;
  disposition: string | null;
  body: Buffer;
}

export async function download(w: OfficeWorld, path: string, token = w.tokens.admin): Promise<Download> {
  const res = await fetch(`${w.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: Buffer.from(await res.arrayBuffer()) };
}

/** The CSV's records, read with csv-parse. */
export const csvRecords = (body: Buffer): string[][] => parse(body, { bom: true, relax_column_count: true, skip_empty_lines: false });

/** The rows of the table titled `title` (its column names first), up to the blank line after it. */
export function csvSection(records: string[][], title: string): string[][] {
  const start = records.findIndex((r) => r.length === 1 && r[0] === title);
  expect(start, `section ${title}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const record of records.slice(start + 1)) {
    if (record.every((cell) => cell === '')) break;
    rows.push(record);
  }
  return rows;
}

/** The text of a PDF, read with pdf-parse, its white space folded. */
export async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}
