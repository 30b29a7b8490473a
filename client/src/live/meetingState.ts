import type { MeetingEndedMessage, MeetingMessage, MeetingOffer, MeetingView } from '@shared/realtime';

/** The part of a presenter's view a follower's board renders (the card in view is scrolled to, not rendered). */
export type FollowedView = Omit<MeetingView, 'card_id'>;

export interface CurrentMeeting {
  meeting_id: string;
  role: MeetingMessage['role'];
  presenter_id: string;
  presenter_name: string;
  started_at: string;
  view: FollowedView;
  narrower: MeetingMessage['narrower'];
}

/** A meeting over: why, and (for the one who ended it as presenter) the stretch its summary covers. */
export interface EndedMeeting {
  meeting_id: string;
  reason: MeetingEndedMessage['reason'];
  presenter_name: string | null;
  started_at: string | null;
  ended_at: string;
  by_you: boolean;
}

export interface MeetingClientState {
  /** Meetings this tab may follow. */
  offers: readonly MeetingOffer[];
  current: CurrentMeeting | null;
  /** Asked to present or follow, not yet answered. */
  pending: { kind: 'start' } | { kind: 'join'; meeting_id: string } | null;
  ended: EndedMeeting | null;
}

export const NO_MEETING: MeetingClientState = { offers: [], current: null, pending: null, ended: null };

export type MeetingAction =
  | { type: 'offers'; meetings: MeetingOffer[] }
  | { type: 'asked'; pending: NonNullable<MeetingClientState['pending']> }
  | { type: 'meeting'; message: MeetingMessage }
  | { type: 'ended'; message: MeetingEndedMessage }
  | { type: 'left' }
  | { type: 'dismissed' }
  | { type: 'reset' };

const sameView = (a: FollowedView, b: FollowedView) =>
  a.location === b.location && a.stage === b.stage && a.search === b.search && a.view === b.view && a.deal_id === b.deal_id;

const sameNarrower = (a: MeetingMessage['narrower'], b: MeetingMessage['narrower']) => a.locations === b.locations && a.location === b.location && a.deal === b.deal;

/**
 * The tab's meeting after `action`. Pure. A view change that moves only the card in view keeps
 * the state as it was (the same object), so the board does not render again: the page scrolls
 * to the card instead.
 */
export function meetingReducer(state: MeetingClientState, action: MeetingAction): MeetingClientState {
  switch (action.type) {
    case 'offers':
      return { ...state, offers: action.meetings };
    case 'asked':
      return { ...state, pending: action.pending, ended: null };
    case 'meeting': {
      const { message } = action;
      const { card_id: _card, ...view } = message.view;
      const current = state.current;
      if (
        current &&
        current.meeting_id === message.meeting_id &&
        current.role === message.role &&
        current.presenter_id === message.presenter_id &&
        sameView(current.view, view) &&
        sameNarrower(current.narrower, message.narrower) &&
        state.pending === null
      ) {
        return state;
      }
      const keepView = current && sameView(current.view, view) ? current.view : view;
      return {
        ...state,
        pending: null,
        ended: null,
        current: {
          meeting_id: message.meeting_id,
          role: message.role,
          presenter_id: message.presenter_id,
          presenter_name: message.presenter_name,
          started_at: message.started_at,
          view: keepView,
          narrower: message.narrower,
        },
      };
    }
    case 'ended': {
      const { message } = action;
      const mine = state.current?.meeting_id === message.meeting_id;
      const asked = state.pending?.kind === 'join' && state.pending.meeting_id === message.meeting_id;
      if (!mine && !asked) return { ...state, offers: state.offers.filter((o) => o.meeting_id !== message.meeting_id) };
      const offer = state.offers.find((o) => o.meeting_id === message.meeting_id);
      return {
        offers: state.offers.filter((o) => o.meeting_id !== message.meeting_id),
        current: mine ? null : state.current,
        pending: asked ? null : state.pending,
        ended: {
          meeting_id: message.meeting_id,
          reason: message.reason,
          presenter_name: (mine ? state.current?.presenter_name : offer?.presenter_name) ?? null,
          started_at: message.started_at,
          ended_at: message.ended_at,
          by_you: message.by_you,
        },
      };
    }
    case 'left':
      return { ...state, current: null, pending: null };
    case 'dismissed':
      return { ...state, ended: null };
    case 'reset':
      return { ...state, offers: [] };
  }
}

/** What the end of a meeting says to this tab (null: nothing, the summary speaks for itself). */
export function endedNotice(ended: EndedMeeting): string | null {
  const who = ended.presenter_name ?? 'The presenter';
  switch (ended.reason) {
    case 'ended':
      return ended.by_you ? null : `${who} ended the meeting.`;
    case 'presenter_left':
      return `${who} left: the meeting ended.`;
    case 'not_found':
      return 'That meeting has already ended.';
    case 'not_allowed':
      return `You cannot follow ${ended.presenter_name ? `${ended.presenter_name}'s` : 'this'} board: it shows a location you do not have access to.`;
  }
}
