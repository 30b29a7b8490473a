import type { Db, StoredEvent } from '../events/store/types';
import type { Projection } from './projection';
import { projections } from './registry';
import { userNames } from './users/queries';
import type { ChangeMessage, LiveEntity, RowChange } from '@shared/realtime';

/** Which projections' rows an event of a given stream type touches. */
const viewsByStreamType = new Map<string, Projection[]>();
for (const projection of projections) {
  for (const type of projection.live?.streamTypes ?? []) {
    viewsByStreamType.set(type, [...(viewsByStreamType.get(type) ?? []), projection]);
  }
}

/**
 * Turns a batch of events into change messages carrying the rows they touched, as they stand
 * now. Rows are loaded once per entity for the whole batch; a row that no longer exists is sent
 * as null. Sending today's row for an older event is safe: clients merge by version.
 */
export async function changesFor(db: Db, events: StoredEvent[]): Promise<ChangeMessage[]> {
  const wanted = new Map<Projection, Set<string>>();
  const idsByEvent = await Promise.all(
    events.map((event) =>
      Promise.all(
        (viewsByStreamType.get(event.stream_type) ?? []).map(async (projection) => ({
          projection,
          ids: await projection.live!.ids(event, db),
        })),
      ),
    ),
  );
  for (const views of idsByEvent) {
    for (const { projection, ids } of views) {
      const set = wanted.get(projection) ?? new Set<string>();
      ids.forEach((id) => set.add(id));
      wanted.set(projection, set);
    }
  }
  const loaded = new Map<Projection, Map<string, { id: string }>>();
  const names = userNames(db, events.map((e) => e.metadata.user_id));
  await Promise.all(
    [...wanted].map(async ([projection, ids]) => {
      if (ids.size === 0) return;
      const rows = (await projection.live!.load(db, [...ids])) as { id: string }[];
      loaded.set(projection, new Map(rows.map((row) => [row.id, row])));
    }),
  );
  const byUser = await names;
  return events.map((event, i) => ({
    position: event.position,
    event_type: event.type,
    stream_id: event.stream_id,
    at: event.metadata.at,
    correlation_id: event.metadata.correlation_id,
    user_name: byUser.get(event.metadata.user_id) ?? null,
    changes: idsByEvent[i]!.flatMap(({ projection, ids }) =>
      ids.map(
        (id) =>
          ({
            entity: projection.live!.entity as LiveEntity,
            id,
            row: loaded.get(projection)?.get(id) ?? null,
          }) as RowChange,
      ),
    ),
  }));
}
