import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { Drain } from './drain';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The first half of a graceful stop, before the database is closed: nothing a client sent is
 * lost, and every client goes to another node.
 *
 * 1. Readiness answers 503; answers ask clients to close their kept-alive connections.
 * 2. After `delayMs` (a proxy that checks readiness has moved away meanwhile) the node stops
 *    listening: a proxy's next connection is refused before it sent anything, and goes to
 *    another node.
 * 3. Live sockets are told to reconnect, which takes them to another node, where they catch up
 *    from their last position.
 * 4. Requests in flight (and the commands they run) finish, for at most `timeoutMs`; past that,
 *    the connections left are cut.
 */
export async function drainNode(options: {
  http: HttpServer;
  drain: Drain;
  /** Tells every live socket to reconnect, and closes it. */
  releaseSockets: () => void;
  delayMs: number;
  timeoutMs: number;
  logger: Logger;
}): Promise<void> {
  const { http, drain, logger } = options;
  drain.begin();
  logger.info({ delay_ms: options.delayMs, in_flight: drain.inFlight() }, 'draining: readiness answers 503');
  if (options.delayMs > 0) await sleep(options.delayMs);

  // Resolves once every connection has ended; closes the idle ones now.
  const closed = new Promise<void>((resolve) => http.close(() => resolve()));
  options.releaseSockets();

  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    Promise.all([closed, drain.idle()]).then(() => false),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), options.timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (timedOut) {
    logger.warn({ in_flight: drain.inFlight() }, 'drain time is up: cutting the connections left');
    http.closeAllConnections();
  } else {
    logger.info('drained: no request in flight');
  }
}

/**
 * The second half of a stop: each part of the node (the gateway, the background jobs, the change
 * feed) is asked to stop in turn, and waited for at most `timeoutMs`. A part that does not end in
 * time (a query on a connection that never answers, a job that ignores its abort) is named in an
 * error and left behind: the stop goes on, so a node always stops, and the log says what hung.
 */
export async function stopParts(parts: { name: string; stop: () => Promise<unknown> }[], timeoutMs: number, logger: Logger): Promise<string[]> {
  const hung: string[] = [];
  for (const part of parts) {
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      part.stop().then(
        () => true,
        (error: unknown) => {
          logger.error({ err: error, part: part.name }, 'stopping: a part failed to stop');
          return true;
        },
      ),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    if (!ended) {
      hung.push(part.name);
      logger.error({ part: part.name, waited_ms: timeoutMs }, 'stopping: a part did not stop in time; going on without it');
    }
  }
  return hung;
}
