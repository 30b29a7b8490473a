import { useState } from 'react';
import type { LiveEntity, LiveRows } from '@shared/realtime';
import { ApiError } from '../api/client';
import { changedLabels, changeSentence } from './changeSentence';
import { reloadRow } from './reloadRow';
import { useRowChange } from './useRowChange';

export interface EditNotice {
  message: string;
  /** A refused save (announced at once), rather than a change seen while typing. */
  refused: boolean;
}

/**
 * The row an edit dialog works from, and what happened to it meanwhile. `base` is the row as
 * the dialog opened (or last reloaded) it: its version goes with the save, so a change by
 * someone else in between is refused (409) instead of overwritten. `notice` says so: while
 * typing when a push shows the row changed, and after a refused save with the server's message
 * naming who changed what. `reload` fetches the latest row and hands it to the dialog, which
 * keeps what the user typed; the next save then sends the new version.
 */
export function useEditedRow<E extends LiveEntity>(
  entity: E,
  row: LiveRows[E],
  options: { noun: string; labels: Partial<Record<keyof LiveRows[E], string>>; fetchRow: (id: string) => Promise<LiveRows[E]> },
) {
  const [base, setBase] = useState(row);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const change = useRowChange(entity, row.id, base.version);

  let notice: EditNotice | null = null;
  if (refusal) notice = { message: refusal, refused: true };
  else if (change.changed && change.current) {
    const fields = changedLabels(base, change.current, options.labels);
    notice = { message: changeSentence(change.by, options.noun, fields), refused: false };
  } else if (change.changed) {
    notice = { message: `This ${options.noun} is no longer available to you.`, refused: false };
  }

  return {
    base,
    notice,
    /** Reload is offered only while the row is still there to load. */
    canReload: !!change.current,
    reloading,
    /** Takes a save's failure if it is a version conflict (409 naming who changed the row). */
    takeConflict(error: unknown): boolean {
      if (!(error instanceof ApiError) || error.status !== 409 || !error.conflict) return false;
      setRefusal(error.message);
      return true;
    },
    /** Loads the latest row; `apply` merges it into the form (keeping what was typed). */
    async reload(apply: (latest: LiveRows[E], opened: LiveRows[E]) => void) {
      setReloading(true);
      try {
        const latest = await reloadRow(entity, row.id, options.fetchRow);
        apply(latest, base);
        setBase(latest);
        setRefusal(null);
      } finally {
        setReloading(false);
      }
    },
  };
}
