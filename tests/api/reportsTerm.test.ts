import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, reportToday, termPeriodRange } from '@shared/domain/reportsPeriods';
import type { Office } from '@shared/schemas/offices';
import type { TermAnalysisReport } from '@shared/schemas/reports';
import { officeWorld, MANAGER_LOCATIONS, type OfficeWorld } from './officeHelpers';
import { cents, csvRecords, csvSection, download, history, pct, pdfText } from './reportsHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});


const analysis = async (query: string, token = w.tokens.admin) => {
  const res = await w.api<TermAnalysisReport>('GET', `/api/reports/term-analysis${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body;
};

interface Lease {
  office_number: string;
  signed: number;
  marketed: number;
  term: number;
}

/** The tiles, categories and buckets, added up here from leases. */
function expected(leases: Lease[]) {
  const below = leases.filter((l) => Math.round(l.signed * 100) < Math.round(l.marketed * 100));
  const above = leases.filter((l) => Math.round(l.signed * 100) > Math.round(l.marketed * 100));
  const bucket = (t: number) => (t <= 3 ? '1-3' : t <= 6 ? '4-6' : t <= 12 ? '7-12' : t <= 24 ? '13-24' : '25+');
  return {
    tiles: {
      total_leased_offices: leases.length,
      negotiation_rate: pct(below.length, leases.length),
      avg_monthly_savings: below.length ? cents(below.reduce((n, l) => n + l.marketed - l.signed, 0) / below.length) : 0,
      revenue_impact: cents(leases.reduce((n, l) => n + l.signed - l.marketed, 0)),
    },
    categories: [below.length, leases.length - below.length - above.length, above.length],
    buckets: ['1-3', '4-6', '7-12', '13-24', '25+'].map((b) => leases.filter((l) => bucket(l.term) === b).length),
  };
}

const summary = (report: TermAnalysisReport) => ({
  tiles: report.tiles,
  categories: [report.negotiation.negotiated.count, report.negotiation.full_rate.count, report.negotiation.premium.count],
  buckets: report.buckets.map((b) => b.leases),
});

describe('GET /api/reports/term-analysis', () => {
  it('analyses the current leases the office list holds: leased offices at a signed rate above 0', async () => {
    for (const [token, location] of [
      [w.tokens.admin, undefined],
      [w.tokens.admin, 'Vinegar Hill'],
      [w.tokens.manager, undefined],
    ] as const) {
      const list = (await w.api<Office[]>('GET', `/api/offices${location ? `?location=${encodeURIComponent(location)}` : ''}`, { token })).body;
      const leases = list
        .filter((o) => o.status === 'LEASED' && (o.signed_rate ?? 0) > 0)
        .map((o) => ({ office_number: o.office_number, signed: o.signed_rate!, marketed: o.marketed_rates.monthly, term: o.lease_info.term_months ?? 12 }));
      const report = await analysis(location ? `?location=${encodeURIComponent(location)}` : '', token);
      expect(report).toMatchObject({ period: 'current', period_label: 'Current Leases', range: null });
      expect(summary(report), location).toEqual(expected(leases));
      const { negotiation } = report;
      expect(negotiation.top_discounts.length).toBe(Math.min(5, negotiation.negotiated.count));
      expect(negotiation.top_premiums.length).toBe(Math.min(5, negotiation.premium.count));
      expect(negotiation.offices.length).toBe(Math.min(10, leases.length));
      const gaps = leases.map((l) => Math.abs(cents(l.signed - l.marketed))).sort((a, b) => b - a);
      expect(negotiation.offices.map((l) => Math.abs(l.variance))).toEqual(gaps.slice(0, 10));
      expect(negotiation.top_discounts.map((l) => l.variance)).toEqual([...negotiation.top_discounts.map((l) => l.variance)].sort((a, b) => a - b));
      if (token === w.tokens.manager) for (const l of negotiation.offices) expect(MANAGER_LOCATIONS).toContain(l.location);
    }
  });

  it('covers the leases started this quarter or this year, or every lease ever in force (All Time)', async () => {
    const today = reportToday(new Date());
    const h = history(w);
    const lab = await h.location('Term Lab');
    const q = (query: string) => analysis(`?location=${encodeURIComponent(lab.name)}${query}`);
    // P: a 2-month lease from today at 10% off. Y: a lease from the first of the year.
    const p = await h.office(addDays(today, -30), lab.id, 'P', 2, 1000);
    await h.lease(today, p, { signed_rate: 900, term_months: 2, start_date: today });
    await h.status(today, p, 'LEASED');
    const y = await h.office(addDays(today, -400), lab.id, 'Y', 3, 2000);
    const yearStart = `${today.slice(0, 4)}-01-01`;
    await h.lease(yearStart, y, { signed_rate: 2000, term_months: 12, start_date: yearStart });
    await h.status(yearStart, y, 'LEASED');
    // R: leased in 2019 at a premium, vacant since.
    const r = await h.office('2018-12-01', lab.id, 'R', 4, 1000);
    await h.lease('2019-03-01', r, { signed_rate: 1200, term_months: 24, start_date: '2019-03-01' });
    await h.status('2019-03-01', r, 'LEASED');
    await h.status('2021-03-01', r, 'VACANT');
    // S: leased in 2020, its rate corrected while it held, then leased again from 2022.
    const s = await h.office('2019-06-01', lab.id, 'S', 5, 1000);
    await h.lease('2020-01-01', s, { signed_rate: 850, term_months: 24, start_date: '2020-01-01' });
    await h.status('2020-01-01', s, 'LEASED');
    await h.lease('2020-02-01', s, { signed_rate: 800, term_months: 24, start_date: '2020-01-01' });
    await h.lease('2022-01-01', s, { signed_rate: 950, term_months: 36, start_date: '2022-01-01' });
    // T: a lease entered, never leased; U: leased at $0.
    const t = await h.office('2020-01-01', lab.id, 'T', 1, 500);
    await h.lease('2020-02-01', t, { signed_rate: 400, term_months: 6, start_date: '2020-02-01' });
    const u = await h.office('2020-01-01', lab.id, 'U', 1, 500);
    await h.lease('2020-02-01', u, { signed_rate: 0, term_months: 6, start_date: '2020-02-01' });
    await h.status('2020-02-01', u, 'LEASED');

    const leases = {
      p: { office_number: 'P', signed: 900, marketed: 1000, term: 2, start: today },
      y: { office_number: 'Y', signed: 2000, marketed: 2000, term: 12, start: yearStart },
      r: { office_number: 'R', signed: 1200, marketed: 1000, term: 24, start: '2019-03-01' },
      s1: { office_number: 'S', signed: 800, marketed: 1000, term: 24, start: '2020-01-01' },
      s2: { office_number: 'S', signed: 950, marketed: 1000, term: 36, start: '2022-01-01' },
    };
    const within = (period: 'this_quarter' | 'this_year') => {
      const range = termPeriodRange(period, today)!;
      return Object.values(leases).filter((l) => l.start >= range.from && l.start <= range.to);
    };
    expect(summary(await q(''))).toEqual(expected([leases.p, leases.y, leases.s2]));
    expect(summary(await q('&period=all_time'))).toEqual(expected(Object.values(leases)));
    expect(summary(await q('&period=this_year'))).toEqual(expected(within('this_year')));
    const quarter = await q('&period=this_quarter');
    expect(quarter.range).toEqual(termPeriodRange('this_quarter', today));
    expect(summary(quarter)).toEqual(expected(within('this_quarter')));
    // P alone in the 1-3 month bucket, 10% off: a short-term opportunity.
    expect((await q('')).opportunities).toEqual([expect.objectContaining({ kind: 'short_term', bucket: '1-3', avg_discount: 10, leases: 1 })]);
  });

  it('downloads what the screen shows as CSV: tiles, the tabs, three of each top list', async () => {
    const report = await analysis('?period=all_time');
    const file = await download(w, '/api/reports/term-analysis?period=all_time&format=csv');
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/csv; charset=utf-8');
    expect(file.disposition).toMatch(/^attachment; filename="term-analysis-all-locations-all-time-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = csvRecords(file.body);
    expect(records[0]).toEqual(['Term vs Rate Analysis']);
    expect(records).toContainEqual(['Period', 'All Time']);
    expect(csvSection(records, 'Summary').slice(1, 3)).toEqual([
      ['Total Leased Offices', String(report.tiles.total_leased_offices), 'Leased at a signed rate above $0'],
      ['Negotiation Rate', `${report.tiles.negotiation_rate.toFixed(1)}%`, `${report.negotiation.negotiated.count} below the marketed rate`],
    ]);
    const buckets = csvSection(records, 'Term Breakdown');
    expect(buckets[0]).toEqual(['Term', 'Leases', 'Share', 'Avg Signed Rate', 'Avg Marketed Rate', 'Avg Discount', 'Monthly Impact']);
    expect(buckets.slice(1).map((r) => [r[0], Number(r[1])])).toEqual(report.buckets.map((b) => [b.label, b.leases]));
    const discounts = csvSection(records, 'Largest Discounts').slice(1);
    expect(discounts.map((r) => r[0])).toEqual(report.negotiation.top_discounts.slice(0, 3).map((l) => l.office_number));
    expect(csvSection(records, `Top ${report.negotiation.offices.length} Offices by Variance`)).toHaveLength(report.negotiation.offices.length + 1);
    const opportunities = csvSection(records, 'Opportunities');
    expect(opportunities.slice(1)).toEqual(report.opportunities.map((o) => ['Short-term pricing', o.message]));
  });

  it('downloads a PDF with the tiles, the tables and the period', async () => {
    const report = await analysis('?location=Vinegar%20Hill&period=this_year');
    const file = await download(w, '/api/reports/term-analysis?location=Vinegar%20Hill&period=this_year&format=pdf');
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/pdf');
    const text = await pdfText(file.body);
    expect(text).toContain('Term vs Rate Analysis');
    expect(text).toContain('Location: Vinegar Hill');
    expect(text).toContain('Period: This Year (leases starting');
    expect(text).toContain(`${report.tiles.negotiation_rate.toFixed(1)}%`);
    for (const title of ['Term Breakdown', 'Negotiation Analysis', 'Largest Discounts', 'Revenue Impact', 'Opportunities']) expect(text).toContain(title);
  });

  it('refuses bad input with a 400 that says what is wrong, and keeps a manager to their locations', async () => {
    const cases: [string, string, string][] = [
      ['?period=current_month', 'period', 'Period must be one of current, this_quarter, this_year, all_time'],
      ['?as_of=2025-02-30', 'as_of', 'As of must be a date (YYYY-MM-DD)'],
      [`?as_of=${addDays(reportToday(new Date()), 2)}`, 'as_of', 'As of cannot be in the future'],
      ['?format=doc', 'format', 'Format must be json, csv or pdf'],
      ['?location=Nowhere', 'location', 'Location not found'],
    ];
    for (const [query, field, message] of cases) {
      const res = await w.api('GET', `/api/reports/term-analysis${query}`, { token: w.tokens.admin });
      expect(res.status, query).toBe(400);
      expect(res.body.fields, query).toContainEqual({ field, message });
    }
    const refused = await w.api('GET', '/api/reports/term-analysis?location=Term%20Lab', { token: w.tokens.manager });
    expect(refused.status).toBe(403);
    expect((await w.api('GET', '/api/reports/term-analysis')).status).toBe(401);
    const all = await analysis('?period=all_time', w.tokens.manager);
    for (const l of [...all.negotiation.offices, ...all.negotiation.top_premiums]) expect(MANAGER_LOCATIONS).toContain(l.location);
  });

  it('as of a past day reads the leases as that day ended: a rate corrected later is not seen then', async () => {
    const today = reportToday(new Date());
    const [d0, d1, d2] = [addDays(today, -60), addDays(today, -30), addDays(today, -5)];
    const h = history(w);
    const lab = await h.location('Term Past Lab');
    // A: leased at 20% off from d1, its rate corrected to the full rate on d2. B: leased at a premium from d2.
    const a = await h.office(d0, lab.id, 'PA', 2, 1000);
    await h.lease(d1, a, { signed_rate: 800, term_months: 12, start_date: d1 });
    await h.status(d1, a, 'LEASED');
    await h.lease(d2, a, { signed_rate: 1000, term_months: 12, start_date: d1 });
    const b = await h.office(d0, lab.id, 'PB', 2, 1000);
    await h.lease(d2, b, { signed_rate: 1500, term_months: 6, start_date: d2 });
    await h.status(d2, b, 'LEASED');
    const q = (query: string) => analysis(`?location=${encodeURIComponent(lab.name)}${query}`);
    const asThen = expected([{ office_number: 'PA', signed: 800, marketed: 1000, term: 12 }]);
    const asNow = expected([
      { office_number: 'PA', signed: 1000, marketed: 1000, term: 12 },
      { office_number: 'PB', signed: 1500, marketed: 1000, term: 6 },
    ]);

    expect(summary(await q(`&as_of=${addDays(d1, -1)}`))).toEqual(expected([]));
    for (const day of [d1, addDays(d2, -1)]) {
      const report = await q(`&as_of=${day}`);
      expect(report, day).toMatchObject({ as_of: day, live: false, period: 'current' });
      expect(summary(report), day).toEqual(asThen);
      expect(summary(await q(`&as_of=${day}&period=all_time`)), day).toEqual(asThen);
    }
    const live = await q('');
    expect(live).toMatchObject({ as_of: today, live: true });
    expect(summary(live)).toEqual(asNow);
    expect(summary(await q('&period=all_time'))).toEqual(asNow);
    expect(summary(await q(`&as_of=${today}`))).toEqual(asNow);
    // The quarter and the year are those holding the day asked for.
    expect((await q(`&as_of=${d1}&period=this_year`)).range).toEqual(termPeriodRange('this_year', d1));

    const file = await download(w, `/api/reports/term-analysis?location=${encodeURIComponent(lab.name)}&as_of=${d1}&format=csv`);
    expect(file.disposition).toContain(`${d1}.csv`);
    expect(csvRecords(file.body).some((r) => r[0] === 'As of')).toBe(true);
  });
});
