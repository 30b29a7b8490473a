import { spawn, type ChildProcess } from 'node:child_process';

export interface MainProcess {
  /** Where it serves: http://127.0.0.1:<port>. */
  origin: string;
  /** Starts `server/main.ts` (stopping a running one first) and resolves once it answers. */
  start(): Promise<void>;
  /** Stops it with `signal` and resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Its exit code or signal once it has exited by itself; null while it runs. */
  exited(): string | null;
}

/**
 * The real entry point, as `npm start` runs it, in a child process on its own embedded
 * PostgreSQL under `dataDir`, or on `databaseUrl` when given.
 */
export function mainProcess(options: { port: number; pgPort: number; dataDir: string; logLevel?: string; databaseUrl?: string; env?: Record<string, string> }): MainProcess {
  let child: ChildProcess | null = null;

  async function stop(signal: NodeJS.Signals = 'SIGTERM') {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill(signal);
    });
  }

  const origin = `http://127.0.0.1:${options.port}`;

  async function start(): Promise<void> {
    await stop();
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(options.port),
        DATA_DIR: options.dataDir,
        EMBEDDED_PG_PORT: String(options.pgPort),
        LOG_LEVEL: options.logLevel ?? 'warn',
        // Given: a shared server, as several nodes of one deployment use it; else its own embedded one.
        DATABASE_URL: options.databaseUrl ?? '',
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child = started;
    // Up to two minutes: a new embedded database starts slowly while other test files share the CPU.
    for (let attempt = 0; attempt < 480; attempt++) {
      if (started.exitCode !== null) throw new Error(`server exited with ${started.exitCode}`);
      try {
        if ((await fetch(`${origin}/api/health`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('server did not start');
  }

  const exited = () => {
    if (!child) return null;
    if (child.signalCode) return child.signalCode;
    return child.exitCode === null ? null : `code ${child.exitCode}`;
  };

  return { origin, start, stop, exited };
}
