/**
 * Who may see a row, declared once per live entity. Everything that decides it reads this table:
 * `canSee` (every pushed row, the routes' guards), the SQL filter of the list queries
 * (projections/scope.ts), each aggregate's event scope (events/eventScope.ts), the live rooms and
 * the gateway's view key (server/realtime). A socket therefore receives exactly what a GET by
 * its user would answer.
 */
import { canAccessLocation, seesAllLocations, type Actor } from './domain/access';
import type { LiveEntity, LiveRows } from './realtime';

/** The columns of an entity's rows that hold an id (a location's, a user's). */
type IdColumn<E extends LiveEntity> = { [K in keyof LiveRows[E]]: LiveRows[E][K] extends string ? K : never }[keyof LiveRows[E]] & string;

/** How the rows of entity `E` are seen. */
type Rule<E extends LiveEntity> =
  /** Rows at one location (the id in `column`): whoever may access that location. */
  | { by: 'location'; column: IdColumn<E> }
  /**
   * Rows of no location that every signed-in user reads. `figuresOf`: the row's figures count
   * rows of that entity, only those the reader may see (a company's deal count).
   */
  | { by: 'everyone'; figuresOf?: LiveEntity }
  /** Administrators alone. */
  | { by: 'admins' }
  /** A user's own row (the user's id in `column`), and every one for administrators. */
  | { by: 'self'; column: IdColumn<E> }
  /** One user's own row (the user's id in `column`), not even administrators see another's. */
  | { by: 'owner'; column: IdColumn<E> };

/** A declaration for `E`, or (by default) for any entity. */
export type Visibility<E extends LiveEntity = LiveEntity> = E extends LiveEntity ? Rule<E> : never;

export type VisibilityKind = Visibility['by'];

export const VISIBILITY = {
  /** A location is at itself. */
  locations: { by: 'location', column: 'id' },
  offices: { by: 'location', column: 'location_id' },
  members: { by: 'location', column: 'location_id' },
  deals: { by: 'location', column: 'location_id' },
  tasks: { by: 'location', column: 'location_id' },
  bookings: { by: 'location', column: 'location_id' },
  /** User records are administrators' business, and each user's own (API.md: GET /api/users is admin only). */
  users: { by: 'self', column: 'id' },
  contacts: { by: 'everyone' },
  companies: { by: 'everyone', figuresOf: 'deals' },
  templates: { by: 'everyone' },
  resources: { by: 'everyone' },
  company_settings: { by: 'everyone' },
  /** One's own mail connection (its id is the user's), whoever one is. */
  gmail_status: { by: 'owner', column: 'id' },
  slack_config: { by: 'admins' },
  slack_workflows: { by: 'admins' },
  slack_deliveries: { by: 'admins' },
} as const satisfies { [E in LiveEntity]: Visibility<E> };

/**
 * Streams whose events are narrower than the rows they change: the settings' stream also holds
 * the CRM key, so its events are administrators' (in no one else's activity), while the company
 * time off it changes still reaches everyone as rows everyone reads.
 */
export const STREAM_VISIBILITY = {
  settings: { by: 'admins' },
} as const satisfies Record<string, Visibility>;

/** The entities whose rows sit at a location, which the list queries filter in SQL. */
export type LocatedEntity = { [E in LiveEntity]: (typeof VISIBILITY)[E] extends { by: 'location' } ? E : never }[LiveEntity];

/** What `canSee` reads of a row: the column its declaration names, or nothing. */
export type SeenBy<E extends LiveEntity> = (typeof VISIBILITY)[E] extends { column: infer C extends keyof LiveRows[E] } ? Pick<LiveRows[E], C> : object;

const isAdmin = (actor: Actor) => actor.role === 'admin';

/** May the actor see this row? The rule behind every GET and every pushed row. */
export function canSee<E extends LiveEntity>(actor: Actor, entity: E, row: SeenBy<E>): boolean {
  const rule: Visibility = VISIBILITY[entity];
  const held = 'column' in rule ? (row as Record<string, unknown>)[rule.column] : undefined;
  switch (rule.by) {
    case 'location':
      return typeof held === 'string' && canAccessLocation(actor, held);
    case 'everyone':
      return true;
    case 'admins':
      return isAdmin(actor);
    case 'self':
      return isAdmin(actor) || held === actor.id;
    case 'owner':
      return held === actor.id;
  }
}

/**
 * What of the reader each kind looks at: two readers alike in it see the same rows of that kind,
 * so the gateway computes one view for both.
 */
export const READER_PART: { [K in VisibilityKind]: (actor: Actor) => string } = {
  location: (actor) => (seesAllLocations(actor) ? '*' : [...actor.locations].sort().join(',')),
  everyone: () => '',
  admins: (actor) => (isAdmin(actor) ? 'admin' : ''),
  self: (actor) => (isAdmin(actor) ? 'admin' : actor.id),
  owner: (actor) => actor.id,
};

/** The kinds that decide what a reader sees of an entity's rows: its own, and that of the rows its figures count. */
export function kindsOf(entity: LiveEntity): VisibilityKind[] {
  const rule: Visibility = VISIBILITY[entity];
  const counted = rule.by === 'everyone' && rule.figuresOf ? kindsOf(rule.figuresOf) : [];
  return [rule.by, ...counted];
}

/** Every kind in use, the settings' stream included: the rooms a socket joins cover these. */
export const KINDS_IN_USE: readonly VisibilityKind[] = [
  ...new Set([...Object.values(VISIBILITY), ...Object.values(STREAM_VISIBILITY)].map((rule) => rule.by)),
];

/** Rows of no location that everyone signed in reads (and every socket is sent, whatever event changed them). */
export const EVERYONE_ENTITIES: ReadonlySet<LiveEntity> = new Set(
  (Object.keys(VISIBILITY) as LiveEntity[]).filter((entity) => VISIBILITY[entity].by === 'everyone'),
);
