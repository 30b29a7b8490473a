import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPost {
  path: string;
  body: { text?: string; channel?: string };
}

/** How the receiver answers the next requests: a status (and body), or holding the request open. */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface WebhookReceiver {
  port: number;
  url(path?: string): string;
  /** Every request received, answered or not, in arrival order. */
  posts: ReceivedPost[];
  /** Queues answers for the next requests; after them every request is answered 200 'ok'. */
  answerNext(...answers: Answer[]): void;
  /** Resolves once `count` requests have arrived. */
  until(count: number, what?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local stand-in for Slack's incoming webhooks: records each POST's JSON body and answers as
 * scripted (200 'ok' by default). Tests name it in WEBHOOK_ALLOWED_HOSTS; nothing reaches the internet.
 */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const posts: ReceivedPost[] = [];
  const queue: Answer[] = [];
  const held: ServerResponse[] = [];
  const waiting = new Set<() => void>();
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: ReceivedPost['body'] = {};
      try {
        body = JSON.parse(raw) as ReceivedPost['body'];
      } catch {
        // kept empty: the test sees what arrived
      }
      posts.push({ path: req.url ?? '/', body });
      for (const check of waiting) check();
      const answer = queue.shift() ?? { status: 200, body: 'ok' };
      if (answer === 'hang') {
        held.push(res);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: (path = '/services/T000/B000/receiver') => `http://127.0.0.1:${actual}${path}`,
    posts,
    answerNext: (...answers) => queue.push(...answers),
    until(count, what = `${count} posts`) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`timed out waiting for ${what}; got ${posts.length}`));
        }, 30_000);
        const check = () => {
          if (posts.length < count) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
