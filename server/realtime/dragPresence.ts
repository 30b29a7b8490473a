import type { Logger } from 'pino';
import { canAccessLocation } from '@shared/domain/access';
import { isClosedStage, type DealStage } from '@shared/domain/deals';
import { may } from '@shared/policy';
import { DRAG_INTERVAL_MS, type DragMessage } from '@shared/realtime';
import { DragAnnouncementInput } from '@shared/schemas/deals';
import type { GatewaySocket } from './gateway';
import { serial } from './limit';

/**
 * Drag presence: "Dana is dragging this card right now", passed from one tab to the others on
 * the deal board. Ephemeral like screen presence: never in the event log, never stored.
 *
 * A drag goes only to the board's sockets whose user may see the deal (the same rule as its row),
 * never back to the dragger's own tabs. The client sends about 10 updates a second; the server
 * holds back anything faster and sends only the latest when the gap is up, so one tab cannot
 * flood the others and the others still see where the card ends up.
 */

/** Updates closer together than this are dropped (a little under the client's interval, for jitter). */
const MIN_GAP_MS = DRAG_INTERVAL_MS * 0.8;

interface Held {
  dealId: string;
  locationId: string;
  /** The column last sent to the others. */
  stage: DealStage;
  sentAt: number;
  /** A newer column held back until MIN_GAP_MS has passed since the last send. */
  later?: ReturnType<typeof setTimeout>;
}

export interface DragPresenceDeps {
  /** The deal's location and stage, or null when there is no such deal. */
  locate: (dealId: string) => Promise<{ location_id: string; stage: DealStage } | null>;
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

export function createDragPresence({ locate, boardSockets, forward, logger, now = Date.now }: DragPresenceDeps): DragPresence {
  const held = new Map<string, Held>();
  // One socket's messages are handled in order: a "let go" never overtakes the drag it ends.
  const queues = new Map<string, ReturnType<typeof serial>>();

  function send(socket: GatewaySocket, drag: Held, stage: DealStage | null) {
    const { user } = socket.data;
    const message: DragMessage = { deal_id: drag.dealId, user_id: user.id, name: user.name, stage };
    for (const other of boardSockets(drag.locationId)) if (other.data.user.id !== user.id) other.emit('dragging', message);
    forward?.(drag.locationId, message);
  }

  function letGo(socket: GatewaySocket) {
    const drag = held.get(socket.id);
    if (!drag) return;
    clearTimeout(drag.later);
    held.delete(socket.id);
    send(socket, drag, null);
  }

  /** Sends the drag's new column now, or once MIN_GAP_MS has passed since the last send. */
  function moveTo(socket: GatewaySocket, drag: Held, stage: DealStage) {
    clearTimeout(drag.later);
    drag.later = undefined;
    const wait = drag.sentAt + MIN_GAP_MS - now();
    const go = () => {
      drag.later = undefined;
      if (held.get(socket.id) !== drag || drag.stage === stage) return;
      drag.stage = stage;
      drag.sentAt = now();
      send(socket, drag, stage);
    };
    if (wait <= 0) go();
    else drag.later = setTimeout(go, wait);
  }

  async function handle(socket: GatewaySocket, message: unknown) {
    const parsed = DragAnnouncementInput.safeParse(message);
    if (!parsed.success || !socket.connected) return;
    if (parsed.data.deal_id === null) return letGo(socket);
    const { deal_id: dealId, stage } = parsed.data;
    const current = held.get(socket.id);
    if (current?.dealId === dealId) return moveTo(socket, current, stage);
    letGo(socket);
    const { user } = socket.data;
    if (!may(user, 'deal.changeStage')) return;
    const where = await locate(dealId);
    if (!where || isClosedStage(where.stage) || !canAccessLocation(user, where.location_id) || !socket.connected) return;
    const drag: Held = { dealId, locationId: where.location_id, stage, sentAt: now() };
    held.set(socket.id, drag);
    send(socket, drag, stage);
  }

  return {
    announce(socket, message) {
      let queue = queues.get(socket.id);
      if (!queue) queues.set(socket.id, (queue = serial()));
      void queue(() => handle(socket, message)).catch((error: unknown) => logger.error({ err: error }, 'drag presence failed'));
    },
    disconnected(socket) {
      queues.delete(socket.id);
      try {
        letGo(socket);
      } catch (error) {
        logger.error({ err: error }, 'drag presence failed to let go');
      }
    },
  };
}
