import type { Db, StoredEvent } from '../../events/store/types';
import { userAggregate } from '../../events/user/decider';
import { getUser } from '../../projections/users/queries';
import type { User } from '@shared/schemas/auth';

/** Users kept at most; past it the cache starts over (every signed-in user fits many times). */
const MAX_USERS = 10_000;

export interface UserCache {
  /** The user as the read model has it: from memory, or read through `db` and kept. */
  get(db: Db, id: string): Promise<User | null>;
  /** Drops the users these events change (user events), or everyone. */
  forget(events: readonly Pick<StoredEvent, 'stream_type' | 'stream_id'>[] | 'everyone'): void;
  /** Whether users may be kept: not while the change feed cannot follow the log (another node's change would go unseen). */
  keep(enabled: boolean): void;
}

const USER_STREAM_PREFIX = userAggregate.streamId('');

/**
 * The authenticated user of every request, from memory: users change only through user events,
 * and each one drops its user here twice, when this process commits it (before the command's
 * answer is sent, so the next request sees the change) and when the change feed reads it from
 * the log (another node's change, within the feed's delay). A read that began before a drop is
 * answered but not kept, since it may have read the user as it was before; a deleted user is
 * therefore never answered once the deletion was seen.
 */
export function createUserCache(load: (db: Db, id: string) => Promise<User | null> = getUser): UserCache {
  const users = new Map<string, User>();
  let generation = 0;
  let enabled = true;
  const drop = () => {
    generation += 1;
  };
  return {
    async get(db, id) {
      const key = id.toLowerCase();
      const kept = users.get(key);
      if (kept) return kept;
      const started = generation;
      const user = await load(db, id);
      if (user && enabled && started === generation) {
        if (users.size >= MAX_USERS) users.clear();
        users.set(key, Object.freeze({ ...user, locations: Object.freeze([...user.locations]) as string[] }));
      }
      return user;
    },
    forget(events) {
      if (events === 'everyone') {
        users.clear();
        drop();
        return;
      }
      for (const event of events) {
        if (event.stream_type !== userAggregate.streamType) continue;
        users.delete(event.stream_id.slice(USER_STREAM_PREFIX.length).toLowerCase());
        drop();
      }
    },
    keep(next) {
      enabled = next;
      if (!next) {
        users.clear();
        drop();
      }
    },
  };
}
