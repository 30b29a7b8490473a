/** What a refused move tells the mover. Pure. */
import { DEAL_STAGE_LABELS } from '@shared/domain/deals';
import type { ConflictDetails } from '@shared/schemas/common';
import type { Deal } from '@shared/schemas/deals';

/** "a moment ago", "3 minutes ago", "2 hours ago". */
export function agoWords(at: string, now: number): string {
  const seconds = Math.max(0, (now - Date.parse(at)) / 1000);
  if (!Number.isFinite(seconds) || seconds < 90) return 'a moment ago';
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  return hours < 36 ? `${hours} hours ago` : `${Math.round(hours / 24)} days ago`;
}

/**
 * Why a move did not happen, naming who got there first: when someone else moved the deal
 * ("Dana Lee moved this deal to Tour Completed a moment ago"), else the server's own message.
 */
export function refusalWords(serverMessage: string, conflict: ConflictDetails | undefined, current: Pick<Deal, 'stage'> | null, seen: Pick<Deal, 'stage'>, now: number): string {
  if (!conflict || !current) return serverMessage;
  const moved = conflict.fields.some((f) => f === 'stage' || f === 'rank') || current.stage !== seen.stage;
  if (!moved) return serverMessage;
  return `${conflict.by ?? 'Someone else'} moved this deal to ${DEAL_STAGE_LABELS[current.stage]} ${agoWords(conflict.at, now)}`;
}
