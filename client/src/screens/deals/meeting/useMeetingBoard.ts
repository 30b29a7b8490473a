import { useCallback, useEffect, useRef, type PointerEvent, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import type { MeetingView } from '@shared/realtime';
import { meetings } from '../../../live/meetings';
import { cardInView, pointerOver } from './pointerPlacement';

/** How often a presenter's scrolling is looked at for the card in view. */
const SCROLL_CHECK_MS = 150;
/** The address's key of a meeting to join (the presenter's "Copy link"). */
export const MEETING_PARAM = 'meeting';

/** A dialog or an open menu takes Escape for itself. */
const escapeTaken = (event: KeyboardEvent) =>
  event.defaultPrevented || document.querySelector('[role="dialog"], [role="menu"], [role="listbox"]') !== null || (event.target instanceof HTMLElement && event.target.isContentEditable);

/**
 * The deal board's side of a meeting. A presenter sends its board's view whenever it changes and
 * the card in the middle of its screen as it scrolls; a follower scrolls to that card (the DOM
 * alone: no render) and leaves with Escape. Both send their pointer over the board. A link with
 * ?meeting=<id> joins that meeting.
 */
export function useMeetingBoard({
  role,
  view,
  boardArea,
}: {
  role: 'presenter' | 'follower' | null;
  /** The presenter's board as it stands (without the card in view). */
  view: Omit<MeetingView, 'card_id'>;
  boardArea: RefObject<HTMLElement | null>;
}) {
  const presenting = role === 'presenter';
  const following = role === 'follower';
  const card = useRef<string | null>(null);
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  });
  const { location, stage, search, view: shown, deal_id } = view;

  useEffect(() => {
    if (presenting) meetings.view({ location, stage, search, view: shown, deal_id, card_id: card.current });
  }, [presenting, location, stage, search, shown, deal_id]);

  // The card in the middle of the presenter's screen, looked at a few times a second while it scrolls.
  useEffect(() => {
    if (!presenting) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const check = () => {
      timer = null;
      const root = boardArea.current;
      if (!root) return;
      const cards = [...root.querySelectorAll<HTMLElement>('[data-deal-id]')].map((el) => ({ id: el.dataset.dealId!, box: el.getBoundingClientRect() }));
      const id = cardInView(cards, { width: window.innerWidth, height: window.innerHeight });
      if (id === card.current) return;
      card.current = id;
      meetings.view({ ...viewRef.current, card_id: id });
    };
    const onScroll = () => {
      timer ??= setTimeout(check, SCROLL_CHECK_MS);
    };
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll, { capture: true });
      if (timer) clearTimeout(timer);
    };
  }, [presenting, boardArea]);

  // A follower's screen scrolls to the card the presenter has in view.
  useEffect(() => {
    if (!following) return;
    return meetings.onCard((id) => {
      const element = boardArea.current?.querySelector<HTMLElement>(`[data-deal-id="${CSS.escape(id)}"]`);
      element?.scrollIntoView({ block: 'center', inline: 'center', behavior: 'smooth' });
    });
  }, [following, boardArea]);

  useEffect(() => {
    if (!following) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || escapeTaken(event)) return;
      event.preventDefault();
      meetings.leave();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [following]);

  // "Copy link": the board opened with ?meeting=<id> follows it.
  const [params, setParams] = useSearchParams();
  const asked = params.get(MEETING_PARAM);
  useEffect(() => {
    if (!asked) return;
    meetings.join(asked);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(MEETING_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, setParams]);

  const inMeeting = role !== null;
  const onPointerMove = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      if (inMeeting && event.pointerType !== 'touch') meetings.pointer(pointerOver(event.target as Element, event.clientX, event.clientY));
    },
    [inMeeting],
  );
  const onPointerLeave = useCallback(() => {
    if (inMeeting) meetings.pointer(null);
  }, [inMeeting]);
  useEffect(() => () => meetings.pointer(null), [inMeeting]);
  return { onPointerMove, onPointerLeave };
}
