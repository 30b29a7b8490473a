import { useEffect, useMemo } from 'react';
import type { Deal } from '@shared/schemas/deals';
import { useAtom, useAtomValue } from '../../../state/jotai';
import { differenceFromNow, marksFromChanges, type DealMark } from './dealMarks';
import { asOfAtom, meetingStartedAtAtom, sinceChoiceAtom } from './historyState';
import { sinceInstant } from './sinceInstant';
import { useAsOfBoard } from './useAsOfBoard';
import { useDealChanges } from './useDealChanges';
import { useLastVisit } from './useLastVisit';

const NO_MARKS: ReadonlyMap<string, DealMark> = new Map();

/**
 * The deal board's history for the screen: the instant "Since…" names and the changes since it,
 * the board as of a past instant when one is chosen, and the marks of the cards (what changed
 * since, or how a past card differs from now). Leaving the screen goes back to the live board.
 */
export function useBoardHistory(userId: string, location: string, live: Readonly<Record<string, Deal>>) {
  const lastVisit = useLastVisit(userId);
  const meetingStartedAt = useAtomValue(meetingStartedAtAtom);
  const [choice, setChoice] = useAtom(sinceChoiceAtom);
  const [asOf, setAsOf] = useAtom(asOfAtom);
  const since = sinceInstant(choice, { lastVisit, meetingStartedAt });
  const changes = useDealChanges(since, location);
  const past = useAsOfBoard(asOf, location);

  // Another screen (or location) starts from the live board, with no panel open.
  useEffect(
    () => () => {
      setAsOf(null);
      setChoice({ kind: 'off' });
    },
    [setAsOf, setChoice],
  );

  const marks = useMemo(() => {
    if (asOf) {
      const found = new Map<string, DealMark>();
      for (const deal of past.deals) {
        const mark = differenceFromNow(deal, live[deal.id]);
        if (mark) found.set(deal.id, mark);
      }
      return found;
    }
    return since && changes.status === 'ready' ? marksFromChanges(changes.changes) : NO_MARKS;
  }, [asOf, past.deals, live, since, changes.status, changes.changes]);

  return { lastVisit, since, changes, asOf, past, marks, closeSince: () => setChoice({ kind: 'off' }) };
}
