import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from './db';
import { freePort } from './globalSetup';
import { mainProcess, type MainProcess } from './mainProcess';

export interface Node {
  port: number;
  process: MainProcess;
}

export interface TwoNodes {
  database: Database;
  /** Node a, then node b. */
  nodes: [Node, Node];
  /** Stops both nodes (SIGTERM), closes the database and removes the nodes' data. */
  stop(): Promise<void>;
}

/**
 * Two processes of the real entry point (demo mode, plus `env`) on one fresh PostgreSQL
 * database, each with its own data directory, started one after the other as a rolling deploy
 * would: the first seeds, the second finds it done. NODES_TEST_LOG sets their log level.
 */
export async function startTwoNodes(name: string, env: Record<string, string> = {}): Promise<TwoNodes> {
  const database = await createTestDatabase(4);
  const dataDir = await mkdtemp(path.join(tmpdir(), `flexspace-${name}-`));
  const nodes: Node[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((n) => n.process.stop('SIGTERM')));
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (const dir of ['a', 'b']) {
      const port = await freePort();
      const node = mainProcess({ port, pgPort: await freePort(), dataDir: path.join(dataDir, dir), databaseUrl: database.url, logLevel: process.env.NODES_TEST_LOG, env: { DEMO_MODE: 'true', ...env } });
      nodes.push({ port, process: node });
    }
    for (const node of nodes) await node.process.start();
  } catch (error) {
    // The caller never gets the nodes, so it cannot stop them.
    await stop();
    throw error;
  }
  return { database, nodes: nodes as [Node, Node], stop };
}
