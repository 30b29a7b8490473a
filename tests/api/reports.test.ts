import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, periodStart, reportToday } from '@shared/domain/reportsPeriods';
import type { Office, OfficeStatus } from '@shared/schemas/offices';
import type { OccupancyReport } from '@shared/schemas/reports';
import { officeWorld, MANAGER_LOCATIONS, type OfficeWorld } from './officeHelpers';
import { cents, csvRecords, csvSection, download, history, pct, pdfText } from './reportsHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

type Row = Pick<Office, 'status' | 'desks' | 'signed_rate' | 'location_name'> & { marketed_rates: { monthly: number } };

/** The report's figures, added up here from office rows as the office list answers them. */
function expected(offices: Row[]) {
  const leased = offices.filter((o) => o.status === 'LEASED');
  const open = offices.filter((o) => o.status === 'VACANT' || o.status === 'PENDING');
  const desks = (of: Row[]) => of.reduce((n, o) => n + o.desks, 0);
  const revenue = cents(leased.reduce((n, o) => n + (o.signed_rate ?? o.marketed_rates.monthly ?? 0), 0));
  return {
    tiles: {
      total_offices: offices.length,
      leased_offices: leased.length,
      total_desks: desks(offices),
      occupied_desks: desks(leased),
      office_occupancy: pct(leased.length, offices.length),
      desk_occupancy: pct(desks(leased), desks(offices)),
      monthly_revenue: revenue,
      revenue_potential: cents(revenue + open.reduce((n, o) => n + o.marketed_rates.monthly, 0)),
    },
    status_breakdown: (['LEASED', 'VACANT', 'PENDING', 'UNAVAILABLE'] as OfficeStatus[]).map((status) => {
      const of = offices.filter((o) => o.status === status);
      return { status, offices: of.length, offices_percent: pct(of.length, offices.length), desks: desks(of), desks_percent: pct(desks(of), desks(offices)) };
    }),
  };
}

const occupancy = async (query: string, token = w.tokens.admin) => {
  const res = await w.api<OccupancyReport>('GET', `/api/reports/occupancy${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const offices = async (location: string | undefined, token = w.tokens.admin) =>
  (await w.api<Office[]>('GET', `/api/offices${location ? `?location=${encodeURIComponent(location)}` : ''}`, { token })).body;

describe('GET /api/reports/occupancy', () => {
  it("reads the demo's history: a year back every office stood and fewer were leased, and the line climbs to today", async () => {
    const today = reportToday(new Date());
    const now = await occupancy('');
    const yearBack = await occupancy(`?as_of=${addDays(today, -365)}`);
    expect(yearBack.live).toBe(false);
    for (const row of yearBack.locations!) expect(row.total_offices, row.location).toBe(15);
    expect(yearBack.tiles.leased_offices).toBeLessThan(now.tiles.leased_offices);
    expect(now.history).toHaveLength(12);
    expect(now.history.at(-1)).toMatchObject({ date: today, office_occupancy: now.tiles.office_occupancy });
    for (const point of now.history) {
      expect(point.office_occupancy).toBeGreaterThanOrEqual(0);
      expect(point.office_occupancy).toBeLessThanOrEqual(100);
    }
    expect(now.history[0]!.office_occupancy!).toBeLessThan(now.tiles.office_occupancy);
  });

  it('adds up what the office list holds, for all locations and for one, as an admin and as a manager', async () => {
    for (const [token, location] of [
      [w.tokens.admin, undefined],
      [w.tokens.admin, 'Bushwick'],
      [w.tokens.manager, undefined],
      [w.tokens.manager, '60 Broad'],
      [w.tokens.viewer, 'Greenpoint'],
    ] as const) {
      const list = await offices(location, token);
      const report = await occupancy(location ? `?location=${encodeURIComponent(location)}` : '', token);
      const want = expected(list);
      expect(report.tiles, location).toEqual(want.tiles);
      expect(report.status_breakdown, location).toEqual(want.status_breakdown);
      expect(report.revenue).toEqual({
        current: want.tiles.monthly_revenue,
        potential: want.tiles.revenue_potential,
        gap: cents(want.tiles.revenue_potential - want.tiles.monthly_revenue),
        gap_percent: pct(want.tiles.revenue_potential - want.tiles.monthly_revenue, want.tiles.revenue_potential),
      });
      expect(report.live).toBe(true);
      if (location) {
        expect(report.location).toBe(location);
        expect(report.locations).toBeNull();
        continue;
      }
      const names = [...new Set(list.map((o) => o.location_name))].sort();
      expect(report.locations!.map((l) => l.location)).toEqual(names);
      for (const row of report.locations!) {
        const here = expected(list.filter((o) => o.location_name === row.location)).tiles;
        expect(row).toMatchObject({
          total_offices: here.total_offices,
          total_desks: here.total_desks,
          office_occupancy: here.office_occupancy,
          desk_occupancy: here.desk_occupancy,
          monthly_revenue: here.monthly_revenue,
          trend: here.office_occupancy >= 80 ? 'strong' : here.office_occupancy >= 60 ? 'moderate' : 'weak',
        });
      }
    }
  });

  it('follows a change at once: the live report reads the office read model', async () => {
    const before = await occupancy('?location=Greenpoint');
    const vacant = (await offices('Greenpoint')).find((o) => o.status === 'VACANT')!;
    const res = await w.api('PATCH', `/api/offices/${vacant.id}/status`, { token: w.tokens.admin, body: { status: 'UNAVAILABLE' } });
    expect(res.status, res.text).toBe(200);
    const after = await occupancy('?location=Greenpoint');
    expect(after.status_breakdown.find((s) => s.status === 'UNAVAILABLE')!.offices).toBe(before.status_breakdown.find((s) => s.status === 'UNAVAILABLE')!.offices + 1);
    expect(after.tiles.revenue_potential).toBe(cents(before.tiles.revenue_potential - vacant.marketed_rates.monthly));
    expect(after.tiles).toEqual(expected(await offices('Greenpoint')).tiles);
  });

  it('as of a past day reads the offices as they stood then, before and after each change, with the change since the period began', async () => {
    const today = reportToday(new Date());
    const [d0, d1, d2] = [addDays(today, -75), addDays(today, -40), addDays(today, -10)];
    const h = history(w);
    const lab = await h.location('Report Lab');
    const a = await h.office(d0, lab.id, 'A1', 4, 1000);
    const b = await h.office(d0, lab.id, 'B1', 6, 2000);
    await h.lease(d1, a, { signed_rate: 900, term_months: 12, start_date: d1 });
    await h.status(d1, a, 'LEASED');
    await h.status(d2, b, 'UNAVAILABLE');
    await h.rates(d2, a, 1100);

    /** The lab's offices at the end of `day`, as the script above made them. */
    const rowsOn = (day: string): Row[] => {
      const row = (status: OfficeStatus, desks: number, signed: number | null, monthly: number): Row => ({ status, desks, signed_rate: signed, marketed_rates: { monthly }, location_name: lab.name });
      if (day < d0) return [];
      if (day < d1) return [row('VACANT', 4, null, 1000), row('VACANT', 6, null, 2000)];
      if (day < d2) return [row('LEASED', 4, 900, 1000), row('VACANT', 6, null, 2000)];
      return [row('LEASED', 4, 900, 1100), row('UNAVAILABLE', 6, null, 2000)];
    };

    const q = (asOf: string, period = 'current_month') => occupancy(`?location=${encodeURIComponent(lab.name)}&as_of=${asOf}&period=${period}`);
    for (const day of [addDays(d0, -1), d0, addDays(d1, -1), d1, addDays(d2, -1), d2, addDays(today, -1)]) {
      const report = await q(day);
      expect(report, day).toMatchObject({ as_of: day, live: false, location: lab.name, ...expected(rowsOn(day)) });
    }
    // Before the lease and after it, side by side.
    expect((await q(addDays(d1, -1))).tiles.office_occupancy).toBe(0);
    expect((await q(d1)).tiles.office_occupancy).toBe(50);

    for (const period of ['current_month', 'this_quarter', 'this_year'] as const) {
      const report = await q(d2, period);
      const since = periodStart(d2, period === 'current_month' ? 'month' : period === 'this_quarter' ? 'quarter' : 'year');
      const [now, then] = [expected(rowsOn(d2)).tiles, expected(rowsOn(addDays(since, -1))).tiles];
      expect(report.change, period).toEqual({
        since,
        total_offices: now.total_offices - then.total_offices,
        leased_offices: now.leased_offices - then.leased_offices,
        office_occupancy: Math.round((now.office_occupancy - then.office_occupancy) * 10) / 10,
        desk_occupancy: Math.round((now.desk_occupancy - then.desk_occupancy) * 10) / 10,
        monthly_revenue: cents(now.monthly_revenue - then.monthly_revenue),
        revenue_potential: cents(now.revenue_potential - then.revenue_potential),
      });
    }

    // Live: the office list as it stands, and as of today is the same report.
    const live = await occupancy(`?location=${encodeURIComponent(lab.name)}`);
    expect(live).toMatchObject({ live: true, as_of: today, ...expected(await offices(lab.name)) });
    expect(await occupancy(`?location=${encodeURIComponent(lab.name)}&as_of=${today}`)).toMatchObject({ live: true, tiles: live.tiles });
    // The history: each month's end as the script had it, then today.
    for (const point of live.history) {
      const rows = rowsOn(point.date);
      const leased = rows.filter((r) => r.status === 'LEASED').length;
      expect(point.office_occupancy, point.date).toBe(rows.length === 0 ? null : pct(leased, rows.length));
    }
  });

  it('downloads what the screen shows as CSV', async () => {
    const report = await occupancy('?period=this_quarter');
    const file = await download(w, '/api/reports/occupancy?period=this_quarter&format=csv');
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toBe(`attachment; filename="occupancy-report-all-locations-${report.as_of}.csv"`);
    const records = csvRecords(file.body);
    expect(records[0]).toEqual(['Occupancy Report']);
    expect(records).toContainEqual(['Period', 'This Quarter']);
    const summary = csvSection(records, 'Summary');
    expect(summary[0]).toEqual(['Measure', 'Value', 'Detail', 'Change']);
    expect(summary[1]!.slice(0, 3)).toEqual(['Office Occupancy', `${report.tiles.office_occupancy.toFixed(1)}%`, `${report.tiles.leased_offices} of ${report.tiles.total_offices} offices leased`]);
    expect(summary[3]![1]).toBe(`$${report.tiles.monthly_revenue.toLocaleString('en-US')}`);
    const statuses = csvSection(records, 'Office Status Breakdown');
    expect(statuses.slice(1, 5)).toEqual(
      report.status_breakdown.map((s) => [s.status.charAt(0) + s.status.slice(1).toLowerCase(), String(s.offices), `${s.offices_percent.toFixed(1)}%`]),
    );
    const comparison = csvSection(records, 'Location Performance Comparison');
    expect(comparison.slice(1).map((r) => [r[0], Number(r[1]), r[3]])).toEqual(
      report.locations!.map((l) => [l.location, l.total_offices, `${l.office_occupancy.toFixed(1)}%`]),
    );
    expect(csvSection(records, 'Office Occupancy, Last 12 Months')).toHaveLength(13);
  });

  it('downloads a PDF with the tiles, the tables and the period', async () => {
    const day = addDays(reportToday(new Date()), -30);
    const report = await occupancy(`?location=Bushwick&as_of=${day}`);
    const file = await download(w, `/api/reports/occupancy?location=Bushwick&as_of=${day}&format=pdf`);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    expect(file.disposition).toBe(`attachment; filename="occupancy-report-bushwick-${day}.pdf"`);
    expect(file.body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(file.body);
    expect(text).toContain('Occupancy Report');
    expect(text).toContain('Location: Bushwick');
    expect(text).toContain('Period: Current Month');
    expect(text).toMatch(/As of: \w{3} \d{1,2}, \d{4}/);
    expect(text).toContain(`${report.tiles.office_occupancy.toFixed(1)}%`);
    expect(text).toContain(`$${report.tiles.monthly_revenue.toLocaleString('en-US')}`);
    expect(text).toContain('Office Status Breakdown');
    expect(text).toContain(`Leased ${report.status_breakdown[0]!.offices} ${report.status_breakdown[0]!.offices_percent.toFixed(1)}%`);
    expect(text).toContain('Revenue Analysis');
    expect(text).not.toContain('Location Performance Comparison');
  });

  it('refuses bad input with a 400 that says what is wrong', async () => {
    const today = reportToday(new Date());
    const cases: [string, string, string][] = [
      ['?period=weekly', 'period', 'Period must be one of current_month, this_quarter, this_year'],
      ['?as_of=2025-02-30', 'as_of', 'As of must be a date (YYYY-MM-DD)'],
      ['?as_of=March%201', 'as_of', 'As of must be a date (YYYY-MM-DD)'],
      [`?as_of=${addDays(today, 1)}`, 'as_of', 'As of cannot be in the future'],
      ['?as_of=1999-12-31', 'as_of', 'As of must be on or after 2000-01-01'],
      ['?as_of=2025-01-01&as_of=2025-02-01', 'as_of', 'As of must be a date (YYYY-MM-DD)'],
      ['?format=xlsx', 'format', 'Format must be json, csv or pdf'],
      ['?sort=name', 'sort', 'Unknown field'],
      ['?location=Atlantis', 'location', 'Location not found'],
    ];
    for (const [query, field, message] of cases) {
      const res = await w.api('GET', `/api/reports/occupancy${query}`, { token: w.tokens.admin });
      expect(res.status, query).toBe(400);
      expect(res.body.fields, query).toContainEqual({ field, message });
      expect(res.body.message, query).toContain(message);
    }
    expect((await w.api('GET', '/api/reports/occupancy')).status).toBe(401);
  });

  it('answers any query string with a report or a 4xx naming what is wrong, never a 500', async () => {
    const value = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('current_month', 'this_year', 'csv', 'pdf', '2024-02-29', '2024-13-01', 'Bushwick', 'All Locations', '%00', '9999-12-31'));
    const query = fc.dictionary(fc.constantFrom('location', 'period', 'as_of', 'format', 'x'), value, { maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom('occupancy', 'term-analysis'), async (params, report) => {
        const res = await w.api('GET', `/api/reports/${report}?${new URLSearchParams(params)}`, { token: w.tokens.admin });
        expect(res.status, JSON.stringify(params)).toBeLessThan(500);
        if (res.status >= 400) expect(res.body?.message, JSON.stringify(params)).toMatch(/\S/);
      }),
      { numRuns: 60 },
    );
  });

  it("keeps a manager to the manager's locations", async () => {
    const report = await occupancy('', w.tokens.manager);
    expect(report.locations!.map((l) => l.location)).toEqual(MANAGER_LOCATIONS);
    expect(report.history_locations.map((l) => l.name)).toEqual(MANAGER_LOCATIONS);
    const res = await w.api('GET', '/api/reports/occupancy?location=Bushwick', { token: w.tokens.manager });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You don't have access to this location");
    const file = await download(w, '/api/reports/occupancy?format=csv', w.tokens.manager);
    const rows = csvSection(csvRecords(file.body), 'Location Performance Comparison').slice(1);
    expect(rows.map((r) => r[0])).toEqual(MANAGER_LOCATIONS);
  });
});
