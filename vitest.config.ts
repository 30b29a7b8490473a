import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/support/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Vitest's default is one file at a time on a 2-core machine (cores - 1); the files mostly wait
    // on PostgreSQL, child servers and sockets, and each has its own database and free ports, so two run at once.
    maxWorkers: 2,
    // A worker runs its files one after another in the same process instead of a fresh one each:
    // importing the server's modules again for every file cost more than a third of the run. Each
    // file still starts its own servers and databases and closes them; globals a test stubs are put
    // back (unstubGlobals), and a test that needs a fresh connection says so rather than relying on
    // a process of its own.
    isolate: false,
    unstubGlobals: true,
    reporters: ['default', './tests/support/summaryReporter.ts'],
  },
});
