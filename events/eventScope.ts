import type { Visibility } from '@shared/visibility';
import type { EventScope } from './store/types';

/** A stream's row as its visibility reads it: the state, with the stream's id as the row's id. */
const rowOf = (id: string, state: unknown): Record<string, unknown> => ({ ...(state as object | null), id });

/** The id in `column` of the row, when it holds one. */
const idAt = (column: string, id: string, state: unknown): string[] => {
  const held = rowOf(id, state)[column];
  return typeof held === 'string' && held !== '' ? [held] : [];
};

/**
 * An aggregate's event scope from its rows' declared visibility (shared/visibility.ts). A row
 * at a location is scoped to where it is after the command and where it was before, so an
 * aggregate moving between locations is seen by both the old and the new one.
 */
export function eventScope(rule: Visibility): (id: string, next: unknown, previous: unknown) => EventScope {
  switch (rule.by) {
    case 'location':
      return (id, next, previous) => ({ locations: [...new Set([...idAt(rule.column, id, next), ...idAt(rule.column, id, previous)])] });
    case 'everyone':
      return () => ({ locations: [], everyone: true });
    case 'admins':
      return () => ({ locations: [] });
    case 'self':
      return (id, next) => ({ locations: [], users: idAt(rule.column, id, next) });
    case 'owner':
      return (id, next) => ({ locations: [], users: idAt(rule.column, id, next), private: true });
  }
}
