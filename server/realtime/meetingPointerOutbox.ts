import type { Logger } from 'pino';
import type { ForwardedPointer, MeetingLink } from './meetings';

/**
 * Pointers go to the other nodes together, once per pointer interval, each person's latest
 * only: one message between nodes (a NOTIFY) per interval, however many people point.
 */
export function createPointerOutbox(link: MeetingLink, intervalMs: number, logger: Logger) {
  const outbox = new Map<string, ForwardedPointer>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  function flush() {
    timer = undefined;
    if (outbox.size === 0) return;
    const pointers = [...outbox.values()];
    outbox.clear();
    try {
      link.send('meeting:pointers', { pointers });
    } catch (error) {
      logger.error({ err: error }, 'meetings failed to pass pointers to the other nodes');
    }
  }
  return {
    offer(pointer: ForwardedPointer) {
      outbox.set(`${pointer.message.meeting_id}|${pointer.message.user_id}`, pointer);
      timer ??= setTimeout(flush, intervalMs);
    },
    close() {
      clearTimeout(timer);
    },
  };
}
