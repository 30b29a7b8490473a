/**
 * Term versus rate analysis (spec part 2, Term vs Rate Analysis and section 9): signed rates
 * against the monthly marketed rate, by lease term. Only leases of LEASED offices with a signed
 * rate above 0 come in. Pure.
 */
import { DEFAULT_TERM_MONTHS } from './lease';
import { percentOf, roundMoney, roundPercent } from './reportsFormat';

export const TERM_BUCKETS = [
  { key: '1-3', label: '1-3 months', min: 1, max: 3 },
  { key: '4-6', label: '4-6 months', min: 4, max: 6 },
  { key: '7-12', label: '7-12 months', min: 7, max: 12 },
  { key: '13-24', label: '13-24 months', min: 13, max: 24 },
  { key: '25+', label: '25+ months', min: 25, max: Infinity },
] as const;
export type TermBucketKey = (typeof TERM_BUCKETS)[number]['key'];

/** Top variance lists keep this many of each kind; the screen shows the first few. */
export const TOP_VARIANCE_KEPT = 5;
export const TOP_VARIANCE_SHOWN = 3;
/** The detailed office list. */
export const TOP_OFFICES = 10;
/** A short-term opportunity: the 1-3 month bucket's average discount above this percentage. */
export const SHORT_TERM_DISCOUNT_THRESHOLD = 5;

/** One lease as the analysis reads it. */
export interface LeaseInput {
  office_id: string;
  office_number: string;
  location_id: string;
  location: string;
  signed_rate: number;
  /** The office's monthly marketed rate while the lease held (0 when none was set). */
  marketed_rate: number;
  term_months: number | null;
  start_date: string | null;
}

export type RateCategory = 'negotiated' | 'full_rate' | 'premium';
export const RATE_CATEGORY_LABELS: Record<RateCategory, string> = { negotiated: 'Negotiated', full_rate: 'Full rate', premium: 'Premium' };

export interface LeaseVariance extends LeaseInput {
  /** The term the buckets read: a missing term counts as 12 months (spec part 2, section 9). */
  term: number;
  bucket: TermBucketKey;
  /** Signed minus marketed, per month: below 0 a discount, above 0 a premium. */
  variance: number;
  /** The variance as a share of the marketed rate, percent; null without a marketed rate. */
  variance_percent: number | null;
  category: RateCategory;
}

export function bucketOf(term: number): TermBucketKey {
  return (TERM_BUCKETS.find((b) => term >= b.min && term <= b.max) ?? TERM_BUCKETS[0]).key;
}

/** Below, at or above the marketed rate, to the cent. */
export function rateCategory(signed: number, marketed: number): RateCategory {
  const diff = Math.round(signed * 100) - Math.round(marketed * 100);
  return diff < 0 ? 'negotiated' : diff === 0 ? 'full_rate' : 'premium';
}

export function leaseVariance(lease: LeaseInput): LeaseVariance {
  const term = lease.term_months ?? DEFAULT_TERM_MONTHS;
  const variance = roundMoney(lease.signed_rate - lease.marketed_rate);
  return {
    ...lease,
    term,
    bucket: bucketOf(term),
    variance,
    variance_percent: lease.marketed_rate > 0 ? roundPercent((variance / lease.marketed_rate) * 100) : null,
    category: rateCategory(lease.signed_rate, lease.marketed_rate),
  };
}

export interface TermBucket {
  bucket: TermBucketKey;
  label: string;
  leases: number;
  /** Share of the analysed leases, percent. */
  share: number;
  avg_signed: number;
  avg_marketed: number;
  /**
   * Average discount off the marketed rate, percent (below 0: a premium on average), over the
   * bucket's leases that have a marketed rate; null when none has.
   */
  avg_discount: number | null;
  /** Signed minus marketed, summed per month. */
  monthly_impact: number;
}

export interface CategoryCount {
  count: number;
  percent: number;
}

export interface TermTiles {
  total_leased_offices: number;
  /** Negotiated leases over all analysed, percent. */
  negotiation_rate: number;
  /** The average monthly discount of a negotiated lease, in dollars. */
  avg_monthly_savings: number;
  /** Signed minus marketed over all analysed leases, per month (below 0: revenue given up). */
  revenue_impact: number;
}

export interface NegotiationAnalysis {
  negotiated: CategoryCount;
  full_rate: CategoryCount;
  premium: CategoryCount;
  /** Largest discounts first (by dollars per month), up to TOP_VARIANCE_KEPT. */
  top_discounts: LeaseVariance[];
  /** Largest premiums first, up to TOP_VARIANCE_KEPT. */
  top_premiums: LeaseVariance[];
  /** The TOP_OFFICES leases furthest from their marketed rate, either way. */
  offices: LeaseVariance[];
}

export interface RevenueImpact {
  marketed_monthly: number;
  signed_monthly: number;
  /** Signed minus marketed, per month and per year. */
  net_monthly: number;
  net_annual: number;
  /** Given up below the marketed rate, per month (a positive number). */
  discounts_monthly: number;
  /** Earned above the marketed rate, per month. */
  premiums_monthly: number;
}

export interface Opportunity {
  kind: 'short_term';
  bucket: TermBucketKey;
  avg_discount: number;
  leases: number;
  message: string;
}

export interface TermFigures {
  tiles: TermTiles;
  buckets: TermBucket[];
  negotiation: NegotiationAnalysis;
  revenue_impact: RevenueImpact;
  opportunities: Opportunity[];
}

const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
const total = (leases: LeaseVariance[], pick: (l: LeaseVariance) => number) => roundMoney(leases.reduce((n, l) => n + pick(l), 0));
const byOffice = (a: LeaseVariance, b: LeaseVariance) => a.office_number.localeCompare(b.office_number, 'en-US', { numeric: true }) || a.office_id.localeCompare(b.office_id);

function bucketFigures(bucket: (typeof TERM_BUCKETS)[number], all: LeaseVariance[]): TermBucket {
  const leases = all.filter((l) => l.bucket === bucket.key);
  const priced = leases.filter((l) => l.marketed_rate > 0);
  return {
    bucket: bucket.key,
    label: bucket.label,
    leases: leases.length,
    share: percentOf(leases.length, all.length),
    avg_signed: roundMoney(mean(leases.map((l) => l.signed_rate))),
    avg_marketed: roundMoney(mean(leases.map((l) => l.marketed_rate))),
    avg_discount: priced.length === 0 ? null : roundPercent(mean(priced.map((l) => -(l.variance / l.marketed_rate) * 100))),
    monthly_impact: total(leases, (l) => l.variance),
  };
}

/** The 1-3 month bucket's average discount above the threshold flags an opportunity. */
export function opportunities(buckets: TermBucket[]): Opportunity[] {
  const short = buckets.find((b) => b.bucket === '1-3');
  if (!short || short.avg_discount === null || short.avg_discount <= SHORT_TERM_DISCOUNT_THRESHOLD) return [];
  return [
    {
      kind: 'short_term',
      bucket: '1-3',
      avg_discount: short.avg_discount,
      leases: short.leases,
      message:
        `Short-term leases (1-3 months) average a ${short.avg_discount.toFixed(1)}% discount, above the ` +
        `${SHORT_TERM_DISCOUNT_THRESHOLD.toFixed(1)}% threshold: short terms could be priced closer to the marketed rate.`,
    },
  ];
}

export function termFigures(input: readonly LeaseInput[]): TermFigures {
  const leases = input.filter((l) => l.signed_rate > 0).map(leaseVariance);
  const negotiated = leases.filter((l) => l.category === 'negotiated');
  const premium = leases.filter((l) => l.category === 'premium');
  const count = (of: LeaseVariance[]): CategoryCount => ({ count: of.length, percent: percentOf(of.length, leases.length) });
  const buckets = TERM_BUCKETS.map((b) => bucketFigures(b, leases));
  const net = total(leases, (l) => l.variance);
  return {
    tiles: {
      total_leased_offices: leases.length,
      negotiation_rate: percentOf(negotiated.length, leases.length),
      avg_monthly_savings: roundMoney(mean(negotiated.map((l) => -l.variance))),
      revenue_impact: net,
    },
    buckets,
    negotiation: {
      negotiated: count(negotiated),
      full_rate: count(leases.filter((l) => l.category === 'full_rate')),
      premium: count(premium),
      top_discounts: [...negotiated].sort((a, b) => a.variance - b.variance || byOffice(a, b)).slice(0, TOP_VARIANCE_KEPT),
      top_premiums: [...premium].sort((a, b) => b.variance - a.variance || byOffice(a, b)).slice(0, TOP_VARIANCE_KEPT),
      offices: [...leases].sort((a, b) => Math.abs(b.variance) - Math.abs(a.variance) || byOffice(a, b)).slice(0, TOP_OFFICES),
    },
    revenue_impact: {
      marketed_monthly: total(leases, (l) => l.marketed_rate),
      signed_monthly: total(leases, (l) => l.signed_rate),
      net_monthly: net,
      net_annual: roundMoney(net * 12),
      discounts_monthly: total(negotiated, (l) => -l.variance),
      premiums_monthly: total(premium, (l) => l.variance),
    },
    opportunities: opportunities(buckets),
  };
}
