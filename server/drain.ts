import type { Middleware } from 'koa';

/**
 * What a node knows about its own stopping: whether it has begun (readiness answers 503 from
 * then on, so a proxy moves its traffic elsewhere), and which requests are still running.
 *
 * A request counts until both its handler has returned and its answer is out: a command whose
 * client went away keeps running until it commits or rolls back, and a streamed answer (an
 * import's progress) runs its commands after the handler returned; the pool must outlive both.
 */
export interface Drain {
  /** True once the node has begun to stop. */
  draining(): boolean;
  begin(): void;
  /** Requests whose handlers have not returned yet. */
  inFlight(): number;
  /** Resolves once no request is running (at once when none is). */
  idle(): Promise<void>;
  /**
   * Counts each request while it runs; once draining, asks the client to close its connection
   * after the answer, so a kept-alive connection does not carry its next request to this node.
   */
  middleware: Middleware;
}

export function createDrain(): Drain {
  let draining = false;
  let running = 0;
  const waiters: (() => void)[] = [];
  const settle = () => {
    if (running > 0) return;
    for (const resolve of waiters.splice(0)) resolve();
  };
  return {
    draining: () => draining,
    begin() {
      draining = true;
    },
    inFlight: () => running,
    idle: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    middleware: async (ctx, next) => {
      running++;
      let handled = false;
      let answered = false;
      const done = () => {
        if (!handled || !answered) return;
        running--;
        settle();
      };
      // 'close': the answer was sent in full, or the connection went away.
      ctx.res.once('close', () => {
        answered = true;
        done();
      });
      try {
        if (draining) ctx.set('Connection', 'close');
        await next();
        // It may have begun while this request ran: its answer is still to be sent.
        if (draining && !ctx.headerSent) ctx.set('Connection', 'close');
      } finally {
        handled = true;
        done();
      }
    },
  };
}
