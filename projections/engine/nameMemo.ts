import type { StoredEvent } from '../../events/store/types';

/** Names kept at most; past it the memo starts over. */
const MAX_NAMES = 10_000;

export interface NameMemo {
  /** A batch of the log about to be pushed: an event of a user's stream may rename that user. */
  saw(events: StoredEvent[]): void;
  /** The names of `ids` that are users', from memory where known, else in one load. */
  names(ids: string[]): Promise<Map<string, string>>;
}

/**
 * Users' names for the pushed "Updated by …", kept between pushes: a push then costs one query
 * (its rows) rather than two in parallel, the slower of which it waited for. Any event of a
 * user's stream forgets every name (users change rarely); a load that overlapped such an event
 * answers its own push but is not kept, for it may have read the name before the change.
 */
export function createNameMemo(load: (ids: string[]) => Promise<Map<string, string>>, max = MAX_NAMES): NameMemo {
  const known = new Map<string, string>();
  let generation = 0;
  return {
    saw(events) {
      if (!events.some((event) => event.stream_type === 'user')) return;
      generation += 1;
      known.clear();
    },
    async names(ids) {
      const wanted = [...new Set(ids)];
      const missing = wanted.filter((id) => !known.has(id));
      const started = generation;
      const loaded = missing.length > 0 ? await load(missing) : new Map<string, string>();
      if (generation === started) {
        if (known.size + loaded.size > max) known.clear();
        for (const [id, name] of loaded) known.set(id, name);
      }
      const answer = new Map<string, string>();
      for (const id of wanted) {
        const name = loaded.get(id) ?? known.get(id);
        if (name !== undefined) answer.set(id, name);
      }
      return answer;
    },
  };
}
