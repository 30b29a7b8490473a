import { DEAL_STAGES, type DealStage } from '@shared/domain/deals';
import type { DealTermsData } from '../../events/deal/events';
import { prng } from './prng';

/** What the demo pipeline needs to know of a location: its id and its free offices. */
export interface DealSeedLocation {
  id: string;
  /** Offices a deal may offer (VACANT or PENDING), with their monthly marketed rate. */
  offices: { id: string; monthly: number }[];
}

export interface PlannedDeal {
  id: string;
  terms: DealTermsData;
  createdAt: Date;
  /** The stages it went through after the first, each with when; the last is where it is now. */
  moves: { stage: DealStage; at: Date }[];
}

/**
 * first.last@company.example in plain ASCII ('Tomás' -> 'tomas'): an address the deal forms and
 * the API accept, so a demo contact can be picked into a new deal.
 */
export const demoEmail = (first: string, last: string, company: string) =>
  `${first}.${last}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() + `@${company.toLowerCase().replace(/[^a-z]+/g, '')}.example`;

const COMPANIES = [
  'Northwind Analytics', 'Bluefin Labs', 'Copperleaf Studio', 'Harbor & Pine Legal', 'Lumen Health', 'Quarry Robotics',
  'Saltbox Media', 'Tidewater Capital', 'Brightline Logistics', 'Fernwood Architects', 'Cobalt Insurance Group', 'Meridian Bio',
  'Oak & Ember Foods', 'Parallax Games', 'Redstone Consulting', 'Summit Climate', 'Tandem Mobility', 'Verity Audit Partners',
  'Wildflower Education', 'Atlas Freight Tech', 'Beacon Privacy', 'Cedar Row Realty', 'Driftwood Design Co', 'Evergreen Wealth',
  'Foundry Nine', 'Granite Peak Security', 'Hollis & Reed', 'Ironclad Data', 'Juniper Care', 'Keystone Learning',
  'Lakeshore Ventures', 'Monarch Payments', 'Nimbus Weather', 'Orchard Street Partners', 'Pioneer Genomics', 'Quillon Books',
  'Riverbend Energy', 'Sparrow Translation', 'Trellis HR', 'Upland Outdoor',
];
const FIRST = ['Avery', 'Jordan', 'Priya', 'Marcus', 'Elena', 'Tomás', 'Grace', 'Hiro', 'Nadia', 'Owen', 'Leila', 'Samir', 'Chloe', 'Dev', 'Maya', 'Rafael'];
const LAST = ['Chen', 'Okafor', 'Patel', 'Rivera', 'Novak', 'Kim', 'Haddad', 'Larsen', 'Moreau', 'Brooks', 'Ito', 'Mensah', 'Russo', 'Singh'];
const TITLES = ['Office Manager', 'Head of Operations', 'COO', 'Founder', 'Facilities Lead', 'People & Workplace Director'];
const KINDS = ['Expansion', 'New Office', 'Relocation', 'Team Space', 'HQ Move', 'Satellite Office'];
const SOURCES = ['Website', 'Referral', 'Broker', 'Walk-in', 'Event', 'Outbound'];
const SELLERS = ['Alex Morgan', 'Jordan Lee', 'Dana Whitfield', 'Chris Alvarez'];

/** Where the demo deals stand, by stage: a pipeline that narrows, with wins and losses. */
const STAGE_COUNTS: Record<DealStage, number> = {
  form_submitted: 18,
  tour_booked: 15,
  tour_completed: 13,
  agreement_sent: 10,
  agreement_signed: 13,
  close_lost: 11,
};

const DAY = 86_400_000;

/**
 * About 80 deals over every location and stage, with back-dated histories (created 10 to 150
 * days ago, a few days to weeks in each stage) so time in stage, the funnel and stale deals show
 * real figures. Deterministic: the same plan every run.
 */
export function planDeals(locations: DealSeedLocation[], today: Date, ids: () => string): PlannedDeal[] {
  const random = prng(20261123);
  const plans: PlannedDeal[] = [];
  const progression = DEAL_STAGES.filter((s) => s !== 'close_lost');
  let n = 0;
  for (const stage of DEAL_STAGES) {
    for (let i = 0; i < STAGE_COUNTS[stage]; i++, n++) {
      const location = locations[n % locations.length]!;
      const company = COMPANIES[n % COMPANIES.length]!;
      const first = random.pick(FIRST);
      const last = random.pick(LAST);
      // The stages it passed through: up the pipeline to where it is; a lost deal fell out somewhere.
      const path: DealStage[] =
        stage === 'close_lost' ? [...progression.slice(1, 1 + random.below(3)), 'close_lost'] : progression.slice(1, progression.indexOf(stage) + 1);
      const createdAt = new Date(today.getTime() - random.int(10 + path.length * 6, 150) * DAY);
      let at = createdAt.getTime();
      const moves = path.map((s) => {
        at += random.int(1, 12) * DAY + random.int(0, 8 * 3600) * 1000;
        return { stage: s, at: new Date(Math.min(at, today.getTime() - 3600_000)) };
      });
      const offices = stage === 'agreement_signed' || stage === 'close_lost' || location.offices.length === 0 ? [] : [random.pick(location.offices)];
      const termMonths = random.pick([3, 6, 12, 12, 24, 36]);
      const offered = offices.length > 0 ? Math.round(offices[0]!.monthly * (0.88 + random.next() * 0.14)) : random.int(18, 120) * 100;
      plans.push({
        id: ids(),
        createdAt,
        moves,
        terms: {
          deal_name: `${company} ${random.pick(KINDS)}`,
          company_id: null,
          company_name: company,
          contact_id: null,
          contact: {
            name: `${first} ${last}`,
            email: demoEmail(first, last, company),
            phone: `(212) 555-${String(1000 + n).slice(-4)}`,
            title: random.pick(TITLES),
          },
          agreement_type: random.pick(['new_business', 'new_business', 'renewal', 'expansion'] as const),
          membership_type: random.pick(['Private Office', 'Private Office', 'Shared Space', 'Hot Desk', 'Meeting Rooms'] as const),
          location_id: location.id,
          office_ids: offices.map((o) => o.id),
          start_date: new Date(today.getTime() + random.int(7, 90) * DAY).toISOString().slice(0, 10),
          term_months: termMonths,
          term_days: null,
          offered_price: offered,
          market_rate: offices.length > 0 ? offices[0]!.monthly : null,
          probability: stage === 'agreement_signed' ? 100 : stage === 'close_lost' ? 0 : Math.min(90, 20 + progression.indexOf(stage) * 20),
          notice_by: random.pick([null, '30 days', '60 days', '90 days']),
          notes: null,
          source: random.pick(SOURCES),
          assigned_to: random.pick(SELLERS),
        },
      });
    }
  }
  return plans;
}
