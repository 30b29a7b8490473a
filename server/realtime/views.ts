import type { Actor } from '@shared/domain/access';
import { companySeenBy, type CompanyRecord } from '@shared/domain/companyFigures';
import { canSee, EVERYONE_ENTITIES, kindsOf, READER_PART, VISIBILITY, type Visibility } from '@shared/visibility';
import type { ChangeMessage, RowChange } from '@shared/realtime';
import type { EventScope } from '../../events/store/types';
import { roomsForScope } from './rooms';

/**
 * A change as one user's GET would answer it now: each row the user may see, or a removal
 * (`row: null` with where the row stood, and the name of the location it moved to) for a row
 * outside the user's scope, which is how a row
 * that moved away leaves the screens of those who saw it. The rule is `canSee`, the same one the
 * REST queries apply.
 */
export function viewFor(actor: Actor, message: ChangeMessage): ChangeMessage {
  return { ...message, changes: message.changes.map((change) => restrict(actor, change)) };
}

function restrict(actor: Actor, change: RowChange): RowChange {
  // A company's figures count only the deals the reader may see (companiesTouched loads them per location).
  if (change.entity === 'companies' && change.row) return { ...change, row: companySeenBy(actor, change.row as CompanyRecord) };
  if (change.row === null || canSee(actor, change.entity, change.row)) return change;
  const { version, updated_at } = change.row;
  // Where it went, by name only (the user may know the location exists, not what the row holds there).
  const place = 'location_name' in change.row ? change.row.location_name : undefined;
  const moved_to = typeof place === 'string' && place ? { moved_to: place } : {};
  return { entity: change.entity, id: change.id, row: null, removed_at: { version, updated_at, ...moved_to } } as RowChange;
}

/**
 * Users who would get the same view of `message` share one key, so the gateway computes and
 * encodes each distinct view once. The key holds what of the reader the visibility of the
 * message's entities looks at (shared/visibility.ts): the locations for rows at a location (and
 * a company's figures, which count the reader's deals), the user for one's own rows, and so on.
 */
export function viewKey(actor: Actor, message: ChangeMessage): string {
  const kinds = [...new Set(message.changes.flatMap((change) => kindsOf(change.entity)))].sort();
  return kinds.map((kind) => READER_PART[kind](actor)).join('|');
}

/**
 * The changes of `message` to rows that sit beyond its event's scope, as one user may see them:
 * rows everyone reads (a company whose deal count a Greenpoint deal changed), and rows at a
 * location the scope does not name (a booking at 60 Broad shows the name of its member, whose
 * rename is an event of the member's location). Null when none. Rows the user may not see are
 * left out, not sent as removals: the user never held them through this event. The message names
 * the first row as its stream, not the event's (a deal at a location the user may not see).
 */
export function beyondScope(actor: Actor, scope: EventScope, message: ChangeMessage): ChangeMessage | null {
  if (scope.everyone) return null;
  const changes = message.changes.filter((change) => outside(scope, change) && (change.row === null || canSee(actor, change.entity, change.row)));
  if (changes.length === 0) return null;
  const first = changes[0]!;
  return { ...message, event_type: 'RowsChanged', stream_id: `${first.entity}-${first.id}`, changes };
}

/** Where the rows of `message` beyond its event's scope are heard of (roomsForScope's rooms); none when none. */
export function roomsBeyondScope(scope: EventScope, message: ChangeMessage): string[] {
  if (scope.everyone) return [];
  const rooms = new Set<string>();
  for (const change of message.changes) {
    const at = placeOf(change);
    if (at === undefined || (at !== null && scope.locations.includes(at))) continue;
    for (const room of roomsForScope(at === null ? { locations: [], everyone: true } : { locations: [at] })) rooms.add(room);
  }
  return [...rooms];
}

/** A row's location, for rows at one; null for rows everyone reads; undefined otherwise. */
function placeOf(change: RowChange): string | null | undefined {
  if (EVERYONE_ENTITIES.has(change.entity)) return null;
  const rule: Visibility = VISIBILITY[change.entity];
  if (rule.by !== 'location' || change.row === null) return undefined;
  const held = (change.row as Record<string, unknown>)[rule.column];
  return typeof held === 'string' ? held : undefined;
}

function outside(scope: EventScope, change: RowChange): boolean {
  const at = placeOf(change);
  return at === null || (at !== undefined && !scope.locations.includes(at));
}
