import { activityKind } from '@shared/activityKinds';
import type { ActivityEntry } from '@shared/activity';
import type { Dashboard } from '@shared/schemas/dashboard';

/**
 * The dashboard's Recent Activity from the newest events of the log: newest first by when they
 * happened (an event's time, not its place in the log: the demo's history is appended with its
 * own, earlier times), each typed in words. Pure.
 */
export function recentActivity(entries: readonly ActivityEntry[]): Dashboard['recentActivity'] {
  return [...entries]
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || b.position - a.position)
    .map((e) => ({ type: activityKind(e.entity), message: e.summary, at: e.at, entity_id: e.entity_id, user_name: e.user_name }));
}
