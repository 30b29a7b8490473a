import { DRAG_EXPIRES_MS, type BookingDragAnnouncement, type ChangeMessage, type DragAnnouncement, type HandshakeAuth, type LiveEntity, type RowChange } from '@shared/realtime';
import { apiBase } from '../api/client';
import { appStore } from '../state/jotai';
import { applyChanges, type CollectionChange, type Touch, type Versioned } from './collection';
import { isOwnChange } from './command';
import { addDeparture, departuresAtom, dropDeparture, type Departures } from './departures';
import { applyDrag, createDragSender, dragsAtom, pruneDrags } from './drags';
import { applyBookingDrag, bookingDragsAtom, pruneBookingDrags } from './bookingDrags';
import { openLiveSocket, type LiveSocket } from './liveSocket';
import { meetings } from './meetings';
import { createPushBatch } from './pushBatch';
import { statusAfterDrop } from './liveStatus';
import { emptyCollections, collectionFor } from './registry';
import { liveChangeAtom, liveClosedAtom, liveConnectionsAtom, liveEpochAtom, liveStatusAtom, presenceAtom } from './liveState';

/**
 * The tab's one socket. It authenticates with the session token, writes pushed rows into the
 * entity cache, remembers the last log position it applied, and on every reconnect (including
 * after a server restart) sends that position so the server replays what was missed.
 */
class LiveConnection {
  private link: { socket: LiveSocket; stop: () => void } | null = null;
  private position: number | null = null;
  private screen: string | null = null;
  // Volatile: a drag that cannot go now is worth nothing later, so it is never buffered.
  private sendDrag = createDragSender((announcement) => {
    if (this.link?.socket.connected) this.link.socket.volatile.emit('dragging', announcement);
  });
  private sendBookingDrag = createDragSender<BookingDragAnnouncement>(
    (announcement) => {
      if (this.link?.socket.connected) this.link.socket.volatile.emit('bookingDragging', announcement);
    },
    undefined,
    (announcement) => announcement.room_id === null,
  );
  private pruning: ReturnType<typeof setTimeout> | null = null;
  /** Pushed rows not yet applied: those of one frame go into the cache together. */
  private pushes = createPushBatch<{ changes: RowChange[]; touch: Touch }>((batch) => this.applyBatch(batch));

  connect(token: string, onUnauthorized: () => void) {
    this.disconnect();
    const origin = apiBase().replace(/\/api$/, '');
    const link = openLiveSocket(origin, {
      auth: () => ({ token, ...(this.position !== null ? { since: this.position } : {}) }) satisfies HandshakeAuth,
      onUnauthorized: () => {
        this.disconnect();
        onUnauthorized();
      },
      onClosed: (reason) => {
        appStore.set(liveClosedAtom, reason);
        appStore.set(liveStatusAtom, 'closed');
      },
    });
    const { socket } = link;
    this.link = link;
    appStore.set(liveStatusAtom, 'connecting');
    appStore.set(liveClosedAtom, null);

    socket.on('ready', ({ position }) => {
      const caughtUp = this.position !== null;
      this.position = Math.max(this.position ?? 0, position);
      appStore.set(liveStatusAtom, 'live');
      // A first connection has nothing to catch up from: views load now, from REST.
      if (!caughtUp) appStore.set(liveEpochAtom, (n) => n + 1);
      appStore.set(liveConnectionsAtom, (n) => n + 1);
      if (this.screen) socket.emit('presence', { screen: this.screen });
    });
    socket.on('resync', ({ position }) => {
      this.position = position;
      this.pushes.drop();
      // Rows that left this user's view while it was away sent no removal it could see: start over.
      emptyCollections();
      appStore.set(departuresAtom, {});
      appStore.set(liveEpochAtom, (n) => n + 1);
    });
    socket.on('change', (message) => this.apply(message));
    // Rows outside the log (the Slack delivery log): changed by the server itself, no one's command.
    socket.on('rows', ({ changes }) => this.applyRows(changes, { at: Date.now(), by: null, own: false }));
    // The socket stays open while the server's database is away; what was committed meanwhile
    // arrives as usual once it is back.
    socket.on('database', ({ available }) => appStore.set(liveStatusAtom, available ? 'live' : 'paused'));
    socket.on('presence', (message) => {
      if (message.screen === this.screen) appStore.set(presenceAtom, { screen: message.screen, viewers: message.viewers });
    });
    socket.on('dragging', (message) => {
      appStore.set(dragsAtom, (drags) => applyDrag(drags, message, Date.now()));
      this.schedulePrune();
    });
    socket.on('bookingDragging', (message) => {
      appStore.set(bookingDragsAtom, (drags) => applyBookingDrag(drags, message, Date.now()));
      this.schedulePrune();
    });
    const dropped = () => appStore.set(liveStatusAtom, statusAfterDrop(appStore.get(liveClosedAtom), navigator.onLine));
    socket.on('disconnect', () => {
      dropped();
      appStore.set(dragsAtom, {});
      appStore.set(bookingDragsAtom, {});
    });
    socket.on('connect_error', dropped);
    meetings.bind(socket);
    window.addEventListener('offline', this.wentOffline);
    window.addEventListener('online', this.cameOnline);
  }

  private wentOffline = () => {
    const status = appStore.get(liveStatusAtom);
    if (status !== 'live' && status !== 'closed') appStore.set(liveStatusAtom, 'offline');
  };

  private cameOnline = () => {
    const socket = this.link?.socket;
    // A tab the server closed for good stays closed (it told the user why).
    if (socket && !socket.connected && appStore.get(liveClosedAtom) === null) {
      appStore.set(liveStatusAtom, 'reconnecting');
      socket.connect();
    }
  };

  private apply(message: ChangeMessage) {
    // Repeated or late messages are harmless (rows merge by version), but never move the position back.
    this.position = Math.max(this.position ?? 0, message.position);
    this.applyRows(message.changes, { at: Date.now(), by: message.user_name, own: isOwnChange(message.correlation_id) });
  }

  /** Queues pushed rows for the entity cache; those of one frame are applied together (applyBatch). */
  private applyRows(changes: RowChange[], touch: Touch) {
    this.pushes.add({ changes, touch });
  }

  /**
   * Writes a batch of pushed rows into the entity cache (by version: a late one never moves a row
   * back), one update per entity and one of the departures, whatever the number of messages.
   */
  private applyBatch(batch: { changes: RowChange[]; touch: Touch }[]) {
    const byEntity = new Map<LiveEntity, CollectionChange<Versioned>[]>();
    for (const { changes, touch } of batch) {
      for (const change of changes) {
        const list = byEntity.get(change.entity) ?? [];
        list.push(change.row ? { id: change.id, row: change.row, touch } : { id: change.id, row: null, ...(change.removed_at ? { removed_at: change.removed_at } : {}) });
        byEntity.set(change.entity, list);
      }
    }
    let departures: Departures = appStore.get(departuresAtom);
    for (const [entity, list] of byEntity) {
      const target = collectionFor(entity);
      if (!target) continue;
      const before = appStore.get(target).byId;
      appStore.set(target, (collection) => applyChanges(collection as never, list as never));
      const after = appStore.get(target).byId;
      for (const change of list) {
        // A row that moved out of this user's locations: screens say where it went.
        const movedTo = change.row === null ? change.removed_at?.moved_to : undefined;
        const was = before[change.id];
        if (was && !after[change.id] && movedTo) departures = addDeparture(departures, { entity, id: change.id, row: was as never, movedTo });
        else if (after[change.id]) departures = dropDeparture(departures, entity, change.id);
      }
    }
    if (departures !== appStore.get(departuresAtom)) appStore.set(departuresAtom, departures);
    if (this.position !== null && appStore.get(liveChangeAtom) !== this.position) appStore.set(liveChangeAtom, this.position);
  }

  /** A drag whose tab went away unannounced fades once it has not been heard of for a while. */
  private schedulePrune() {
    if (this.pruning) return;
    this.pruning = setTimeout(() => {
      this.pruning = null;
      const drags = pruneDrags(appStore.get(dragsAtom), Date.now());
      appStore.set(dragsAtom, drags);
      const bookingDrags = pruneBookingDrags(appStore.get(bookingDragsAtom), Date.now());
      appStore.set(bookingDragsAtom, bookingDrags);
      if (Object.keys(drags).length > 0 || Object.keys(bookingDrags).length > 0) this.schedulePrune();
    }, DRAG_EXPIRES_MS / 2);
  }

  /** Tells the others on the board which deal this tab drags now (throttled), or that it let go. */
  drag(announcement: DragAnnouncement) {
    this.sendDrag(announcement);
  }

  /** Tells the others on the calendar what this tab drags now (throttled), or that it let go. */
  dragBooking(announcement: BookingDragAnnouncement) {
    this.sendBookingDrag(announcement);
  }

  /** Tells the server which screen this tab shows, for presence. */
  announce(screen: string | null) {
    if (screen === this.screen) return;
    this.screen = screen;
    appStore.set(presenceAtom, { screen, viewers: [] });
    if (this.link?.socket.connected) this.link.socket.emit('presence', { screen });
  }

  disconnect() {
    window.removeEventListener('offline', this.wentOffline);
    window.removeEventListener('online', this.cameOnline);
    this.link?.stop();
    this.link = null;
    meetings.unbind();
    this.pushes.drop();
    if (this.pruning) clearTimeout(this.pruning);
    this.pruning = null;
    appStore.set(dragsAtom, {});
    appStore.set(bookingDragsAtom, {});
    this.position = null;
  }
}

export const live = new LiveConnection();
