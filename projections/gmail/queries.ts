import type { GmailConnection } from '@shared/schemas/gmail';
import type { Db } from '../../events/store/types';
import { iso, rowReads } from '../engine/projection';

interface GmailConnectionRow {
  id: string;
  connected: boolean;
  gmail_address: string | null;
  ciphertext: string | null;
  connected_at: Date | null;
  version: number;
  updated_at: Date;
}

/** The connection as its owner reads it: never the tokens, not even sealed. */
const toConnection = (r: GmailConnectionRow): GmailConnection => ({
  id: r.id,
  connected: r.connected,
  gmail_address: r.gmail_address,
  connected_at: r.connected_at === null ? null : iso(r.connected_at),
  version: r.version,
  updated_at: iso(r.updated_at),
});

const SELECT = `SELECT g.id, g.connected, g.gmail_address, g.ciphertext, g.connected_at, g.version, g.updated_at FROM gmail_connections g`;
const rows = rowReads(SELECT, 'g', (r: GmailConnectionRow) => r);
const connections = rowReads(SELECT, 'g', toConnection);

/** A user who never connected: not connected, version 0, as of the start of time. */
export const neverConnected = (userId: string): GmailConnection => ({
  id: userId,
  connected: false,
  gmail_address: null,
  connected_at: null,
  version: 0,
  updated_at: new Date(0).toISOString(),
});

export async function getGmailConnection(db: Db, userId: string): Promise<GmailConnection> {
  return (await connections.byId(db, userId)) ?? neverConnected(userId);
}

/** With the sealed tokens: for the server, which opens them to call Gmail. */
export async function getGmailConnectionRow(db: Db, userId: string): Promise<GmailConnectionRow | null> {
  return rows.byId(db, userId);
}
export type { GmailConnectionRow };

/** The rows a batch of events changed, for the live push (to each row's own user only). */
export const gmailConnectionsTouched = connections.touched;
