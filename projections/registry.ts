import { DomainError } from '../events/store/errors';
import type { Db, PendingEvent, Pool } from '../events/store/types';
import { companiesProjection } from './crm/companies';
import { contactsProjection } from './crm/contacts';
import { dealsProjection } from './deals/projection';
import { dealHistoryProjection } from './dealHistory/projection';
import { locationCountsProjection } from './dashboard/counts';
import { locationsProjection } from './locations/projection';
import { membersProjection } from './members/projection';
import { officesProjection } from './offices/projection';
import type { Projection } from './engine/projection';
import { inlineDeclared } from './engine/declaredInline';
import { rebuildBeside, type RebuildProgress } from './engine/rebuildBeside';
import { resourcesProjection } from './resources/projection';
import { settingsProjection } from './settings/projection';
import { gmailProjection } from './gmail/projection';
import { slackConfigProjection, slackWorkflowsProjection } from './slack/projection';
import { officeHistoryProjection } from './reports/projection';
import { tasksProjection } from './tasks/projection';
import { floorBackgroundsProjection, floorPlacementsProjection } from './floorPlans/projection';
import { bookingsProjection } from './bookings/projection';
import { templatesProjection } from './templates/projection';
import { usersProjection } from './users/projection';

/** Every inline projection: each owns its tables and commits with the events it reads. */
export const projections: readonly Projection[] = [
  locationsProjection,
  usersProjection,
  officesProjection,
  officeHistoryProjection,
  membersProjection,
  contactsProjection,
  companiesProjection,
  dealsProjection,
  dealHistoryProjection,
  tasksProjection,
  bookingsProjection,
  locationCountsProjection,
  templatesProjection,
  resourcesProjection,
  settingsProjection,
  gmailProjection,
  slackConfigProjection,
  slackWorkflowsProjection,
  floorPlacementsProjection,
  floorBackgroundsProjection,
];

/**
 * Applies events to every read model, translating owned unique constraints into 409s. Each
 * event is one statement per projection, sent without waiting for the previous answer
 * (postgres.js pipelines them in order on the transaction's connection) and awaited together.
 */
export async function applyInline(tx: Db, events: PendingEvent[], only: readonly Projection[] = projections) {
  await (await projectInline(tx, events, only)).written;
}

/**
 * applyInline for the command path: resolves once the statements are sent and the events'
 * metadata is final, so the append can go out right behind them; `written` settles with their
 * answers (the first failure, once all have answered).
 */
export async function projectInline(tx: Db, events: PendingEvent[], only: readonly Projection[] = projections): Promise<{ written: Promise<void> }> {
  const statements: Promise<unknown>[] = [];
  const conflicts = (projection: Projection) => (error: unknown) => {
    const constraint = (error as { constraint_name?: string }).constraint_name;
    const known = constraint ? projection.conflicts?.[constraint] : undefined;
    throw known ? new DomainError(409, known.message, known.field) : error;
  };
  const declared = only.filter((p) => p.model);
  const declaredWrites = await inlineDeclared(tx, events, declared.map((p) => p.model!));
  for (const projection of declared) {
    for (const statement of declaredWrites.statements.get(projection.model!)!) statements.push(statement.then(() => undefined, conflicts(projection)));
  }
  for (const event of events) {
    for (const projection of only) {
      const statement = projection.apply?.(tx, event) ?? projection.model?.statement(event.type)?.apply(tx, event as never);
      if (statement) statements.push(statement.then(() => undefined, conflicts(projection)));
    }
  }
  // allSettled first: every statement has its answer before the first failure is reported.
  const written = Promise.allSettled(statements).then((results) => {
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  });
  written.catch(() => undefined);
  // Rows named by what a touch's answer finds go into the metadata: the events wait for them.
  if (declaredWrites.naming.length > 0) await Promise.allSettled(declaredWrites.naming);
  return { written };
}

/**
 * Rebuilds the given read models from the whole log beside the current ones and swaps them in
 * (engine/rebuildBeside.ts): the app keeps serving meanwhile. Returns the number of events replayed.
 */
export async function rebuild(sql: Pool, only: readonly Projection[] = projections, onProgress?: (p: RebuildProgress) => void): Promise<number> {
  return rebuildBeside(sql, only, onProgress);
}

/** At start-up: builds any read model that is missing or whose version changed. */
export async function ensureProjections(sql: Pool): Promise<string[]> {
  const recorded = new Map(
    (await sql<{ name: string; version: number }[]>`SELECT name, version FROM projection_versions`).map((r) => [
      r.name,
      r.version,
    ]),
  );
  const stale = projections.filter((p) => recorded.get(p.name) !== p.version);
  if (stale.length > 0) await rebuild(sql, stale);
  return stale.map((p) => p.name);
}
