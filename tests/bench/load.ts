import { fork, type ChildProcess } from 'node:child_process';

/** One request a lane sends, in turn with the lane's others. */
export interface RequestStep {
  method: 'PATCH' | 'PUT' | 'POST';
  path: string;
  body: unknown;
}

/** One client (a user's token) sending its steps one after another, starting at `offset`. */
export interface RequestLane {
  token: string;
  steps: RequestStep[];
  offset: number;
}

export interface RawRow {
  stream: string;
  data: unknown;
}

export type LoadCommand =
  | { kind: 'sockets'; url: string; tokens: string[] }
  | { kind: 'requests'; url: string; lanes: RequestLane[]; limit: { count?: number; seconds?: number } }
  | { kind: 'raw'; url: string; table: string; lanes: RawRow[][] }
  | { kind: 'pushes' }
  | { kind: 'close' };

export interface RequestsDone {
  kind: 'requests';
  /** Each request's time from sending to its whole answer read, ms. */
  latencies: number[];
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
  elapsedMs: number;
  /** The load generator's own CPU while it ran, µs. */
  cpuMicros: number;
}

export type LoadReply =
  | { kind: 'sockets'; connected: number }
  | RequestsDone
  | { kind: 'raw'; elapsedMs: number; cpuMicros: number }
  | { kind: 'pushes'; pushes: number }
  | { kind: 'closed'; pushes: number }
  | { kind: 'failed'; message: string };

type ReplyTo<K extends LoadCommand['kind']> = Extract<LoadReply, { kind: K extends 'close' ? 'closed' : K }>;

export interface LoadProcess {
  /** Sends one command and waits for its answer (one command at a time). */
  run<C extends LoadCommand>(command: C): Promise<ReplyTo<C['kind']>>;
  stop(): Promise<void>;
}

/**
 * Forks the load generator (loadChild.ts, under the same TypeScript loader as this process):
 * clients outside the measured process, whose CPU is then the server's alone.
 */
export function startLoad(): LoadProcess {
  const child: ChildProcess = fork(new URL('./loadChild.ts', import.meta.url).pathname, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    run: (command) =>
      new Promise((resolve, reject) => {
        const exited = (code: number | null) => reject(new Error(`the load generator exited (${code}) during ${command.kind}`));
        child.once('exit', exited);
        child.once('message', (reply: LoadReply) => {
          child.off('exit', exited);
          if (reply.kind === 'failed') reject(new Error(`load generator: ${reply.message}`));
          else resolve(reply as never);
        });
        child.send(command);
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}
