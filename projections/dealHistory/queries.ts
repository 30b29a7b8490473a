import type { Actor } from '@shared/domain/access';
import type { DealStage } from '@shared/domain/deals';
import type { DealChange, DealChangeKind, DealChangesSummary, DealFieldChange } from '@shared/schemas/dealHistory';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { iso } from '../engine/projection';
import { locationFilter } from '../offices/queries';
import { scopeParams } from '../scope';
import { userNames } from '../users/queries';

/**
 * When the log begins: its first event's time, or an earlier deal stretch's (demo history is
 * dated back). An instant before it has no board to show.
 */
export async function logStart(db: Db): Promise<string | null> {
  const [row] = await db.unsafe<{ first: Date | null }[]>(
    `SELECT least((SELECT (metadata->>'at')::timestamptz FROM events ORDER BY position LIMIT 1),
                  (SELECT min(valid_from) FROM deal_history)) AS first`,
    [], PREPARED);
  return row?.first ? iso(row.first) : null;
}

export interface ChangesWindow {
  since: string;
  until: string;
  location?: string;
}

/**
 * The stretches begun in the window at the locations the actor sees (its scope now; each change
 * where the deal was when it changed), listed kinds only, an edit that changed no listed field
 * left out. Parameters $1..$5; `h` the stretch, `l` its location.
 */
const FROM = `FROM deal_history h LEFT JOIN locations l ON l.id = h.location_id`;
const IN_WINDOW = `
  h.kind IS NOT NULL AND NOT (h.kind = 'edited' AND h.changes = '[]'::jsonb)
  AND h.valid_from >= $4::timestamptz AND h.valid_from <= $5::timestamptz
  AND ($1::boolean OR h.location_id = ANY($2::uuid[]))
  AND ($3::text IS NULL OR h.location_id::text = lower($3) OR lower(l.name) = lower($3))`;

const windowParams = (actor: Actor, window: ChangesWindow) => [...scopeParams(actor), locationFilter(window.location), window.since, window.until];

interface ChangeRow {
  position: number;
  at: string;
  user_id: string;
  deal_id: string;
  deal_name: string;
  kind: DealChangeKind;
  stage: DealStage;
  changes: DealFieldChange[];
}

/** A user's name as the activity feed gives it: the system, a user, or one since deleted. */
export const nameOf = (names: Map<string, string>, userId: string) =>
  userId === 'system' ? 'The system' : (names.get(userId) ?? 'A former user');

/** What happened to the deals the actor may see in the window, newest first, `limit` of them below `before`. */
export async function listChanges(db: Db, actor: Actor, window: ChangesWindow, page: { limit: number; before?: number }): Promise<DealChange[]> {
  const rows = await db.unsafe<ChangeRow[]>(
    `SELECT e.position::float8 AS position, e.metadata->>'at' AS at, h.user_id, h.deal_id, h.deal->>'deal_name' AS deal_name,
            h.kind, h.stage, h.changes
     ${FROM} JOIN events e ON e.stream_id = 'deal-' || h.deal_id::text AND e.version = h.version
     WHERE ${IN_WINDOW} AND e.position < $6
     ORDER BY e.position DESC LIMIT $7`,
    [...windowParams(actor, window), page.before ?? Number.MAX_SAFE_INTEGER, page.limit],
    PREPARED,
  );
  const names = await userNames(db, rows.map((r) => r.user_id));
  return rows.map((r) => {
    const stage = r.changes.find((c) => c.field === 'stage');
    return {
      position: Number(r.position),
      at: r.at,
      user_name: nameOf(names, r.user_id),
      deal_id: r.deal_id,
      deal_name: r.deal_name,
      kind: r.kind,
      from_stage: r.kind === 'created' ? null : ((stage?.from as DealStage | undefined) ?? r.stage),
      to_stage: r.stage,
      changes: r.changes,
    };
  });
}

/** The window's figures: moves, new deals, signings, losses, the value added, and who changed most. */
export async function summarizeChanges(db: Db, actor: Actor, window: ChangesWindow): Promise<DealChangesSummary> {
  const params = windowParams(actor, window);
  const [[totals], people] = await Promise.all([
    db.unsafe<{ moved: number; created: number; signed: number; lost: number; value_added: number }[]>(
      `SELECT count(*) FILTER (WHERE h.kind = 'moved')::int AS moved, count(*) FILTER (WHERE h.kind = 'created')::int AS created,
              count(*) FILTER (WHERE h.kind = 'signed')::int AS signed, count(*) FILTER (WHERE h.kind = 'lost')::int AS lost,
              coalesce(sum(h.value - coalesce(h.value_before, 0)), 0)::float8 AS value_added
       ${FROM} WHERE ${IN_WINDOW}`,
      params, PREPARED),
    db.unsafe<{ user_id: string; changes: number }[]>(
      `SELECT h.user_id, count(*)::int AS changes ${FROM} WHERE ${IN_WINDOW} GROUP BY h.user_id ORDER BY changes DESC, h.user_id`,
      params, PREPARED),
  ]);
  const names = await userNames(db, people.map((p) => p.user_id));
  // Two deleted users are both 'A former user': one line, their changes added.
  const byName = new Map<string, number>();
  for (const p of people) byName.set(nameOf(names, p.user_id), (byName.get(nameOf(names, p.user_id)) ?? 0) + p.changes);
  return {
    since: window.since,
    until: window.until,
    moved: totals?.moved ?? 0,
    created: totals?.created ?? 0,
    signed: totals?.signed ?? 0,
    lost: totals?.lost ?? 0,
    value_added: Math.round((totals?.value_added ?? 0) * 100) / 100,
    by_user: [...byName].map(([user_name, changes]) => ({ user_name, changes })).sort((a, b) => b.changes - a.changes || a.user_name.localeCompare(b.user_name)),
  };
}
