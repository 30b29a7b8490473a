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
    reporters: ['default', './tests/support/summaryReporter.ts'],
  },
});
