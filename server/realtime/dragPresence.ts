import type { Logger } from 'pino';
import { canSee } from '@shared/visibility';
import { isClosedStage, type DealStage } from '@shared/domain/deals';
import { may } from '@shared/policy';
import { DRAG_INTERVAL_MS, type DragMessage } from '@shared/realtime';
import { DragAnnouncementInput } from '@shared/schemas/deals';
import type { DealPlace } from './dealPlaces';
import type { GatewaySocket } from './gateway';

/**
 * Drag presence: "Dana is dragging this card right now", passed from one tab to the others on
 * the deal board. Ephemeral like screen presence: never in the event log, never stored.
 *
 * A drag goes only to the board's sockets whose user may see the deal (the same rule as its row),
 * never back to the dragger's own tabs. Each socket gets one relay slot every DRAG_INTERVAL_MS,
 * whatever the deal: a message is what the tab wants the others to see, and each slot passes on
 * one step towards the latest of it (a new column, a let go, or a new card once the last one is
 * let go). Anything faster is folded into the next slot, so one tab sends at most 10 relays a
 * second to the others and to the other nodes, however it alternates between cards, and the
 * others still see where the card ends up. A deal's place comes from memory (dealPlaces.ts),
 * looked up only when a slot needs it. Relays are volatile: a late drag is worth nothing.
 */

/** What the others see of one socket's drag. */
interface Shown {
  dealId: string;
  locationId: string;
  stage: DealStage;
}

interface Relay {
  socket: GatewaySocket;
  /** The latest announcement: the card and column the tab shows, or null when it let go. */
  wanted: { dealId: string; stage: DealStage } | null;
  shown?: Shown;
  /** A card this socket may not be seen dragging (closed, elsewhere, gone): not looked up again. */
  refused?: string;
  /** When the last slot was used (a relay or a look-up). */
  usedAt: number;
  /** The next slot, when one is due. */
  timer?: ReturnType<typeof setTimeout>;
  /** A slot is under way (waiting for a deal's place). */
  busy: boolean;
}

export interface DragPresenceDeps {
  /** The deal's location and stage, or null when there is no such deal. */
  locate: (dealId: string) => Promise<DealPlace | null>;
  /** This process's sockets on the deal board that may see rows of `locationId`. */
  boardSockets: (locationId: string) => GatewaySocket[];
  /** Passes the message on to the other nodes, for their board sockets. */
  forward?: (locationId: string, message: DragMessage) => void;
  logger: Logger;
  now?: () => number;
}

export interface DragPresence {
  /** A socket's `dragging` message; anything invalid or not allowed is ignored. Never throws. */
  announce(socket: GatewaySocket, message: unknown): void;
  /** The socket went away: whatever it held is let go. */
  disconnected(socket: GatewaySocket): void;
}

/** True when nothing is left to pass on: the others see what the tab wants them to (or may not). */
function settled({ wanted, shown, refused }: Relay): boolean {
  if (wanted === null) return shown === undefined;
  if (shown) return shown.dealId === wanted.dealId && shown.stage === wanted.stage;
  return refused === wanted.dealId;
}

export function createDragPresence({ locate, boardSockets, forward, logger, now = Date.now }: DragPresenceDeps): DragPresence {
  const relays = new Map<string, Relay>();

  function send(socket: GatewaySocket, drag: Shown, stage: DealStage | null) {
    const { user } = socket.data;
    const message: DragMessage = { deal_id: drag.dealId, user_id: user.id, name: user.name, stage };
    for (const other of boardSockets(drag.locationId)) if (other.data.user.id !== user.id) other.volatile.emit('dragging', message);
    forward?.(drag.locationId, message);
  }

  const current = (relay: Relay) => relays.get(relay.socket.id) === relay && relay.socket.connected;

  /** Takes the one step a slot allows towards what the socket wants. */
  async function step(relay: Relay) {
    const { socket, wanted, shown } = relay;
    if (shown && (wanted === null || wanted.dealId !== shown.dealId)) {
      relay.shown = undefined;
      relay.usedAt = now();
      return send(socket, shown, null);
    }
    if (wanted === null) return;
    if (shown) {
      shown.stage = wanted.stage;
      relay.usedAt = now();
      return send(socket, shown, wanted.stage);
    }
    const { user } = socket.data;
    relay.usedAt = now();
    const place = may(user, 'deal.changeStage') ? await locate(wanted.dealId) : null;
    if (!current(relay)) return;
    if (!place || isClosedStage(place.stage) || !canSee(user, 'deals', place)) {
      relay.refused = wanted.dealId;
      return;
    }
    // The latest column, should the tab have moved on while the deal was looked up.
    const latest = relay.wanted;
    if (latest?.dealId !== wanted.dealId) return;
    relay.shown = { dealId: wanted.dealId, locationId: place.location_id, stage: latest.stage };
    send(socket, relay.shown, latest.stage);
  }

  /** Runs the next slot now, or when DRAG_INTERVAL_MS has passed since the last one was used. */
  function schedule(relay: Relay) {
    if (relay.timer || relay.busy || settled(relay)) return;
    const run = () => {
      relay.timer = undefined;
      if (!current(relay)) return;
      relay.busy = true;
      step(relay)
        .catch((error: unknown) => logger.error({ err: error }, 'drag presence failed'))
        .finally(() => {
          relay.busy = false;
          if (current(relay)) schedule(relay);
        });
    };
    const wait = relay.usedAt + DRAG_INTERVAL_MS - now();
    if (wait <= 0) run();
    else relay.timer = setTimeout(run, wait);
  }

  return {
    announce(socket, message) {
      try {
        const parsed = DragAnnouncementInput.safeParse(message);
        if (!parsed.success || !socket.connected) return;
        let relay = relays.get(socket.id);
        if (!relay) relays.set(socket.id, (relay = { socket, wanted: null, usedAt: -Infinity, busy: false }));
        const { deal_id: dealId } = parsed.data;
        if (dealId !== relay.wanted?.dealId) relay.refused = undefined;
        relay.wanted = dealId === null ? null : { dealId, stage: parsed.data.stage };
        schedule(relay);
      } catch (error) {
        logger.error({ err: error }, 'drag presence failed');
      }
    },
    disconnected(socket) {
      const relay = relays.get(socket.id);
      if (!relay) return;
      relays.delete(socket.id);
      clearTimeout(relay.timer);
      try {
        // The tab is gone: its card is let go at once, its last message.
        if (relay.shown) send(socket, relay.shown, null);
      } catch (error) {
        logger.error({ err: error }, 'drag presence failed to let go');
      }
    },
  };
}
