import { readFileSync } from 'node:fs';
import type { GmailEvent } from '../../events/gmail/events';
import type { UserDeleted } from '../../events/user/events';
import { defineProjection, entityId, foldOwn, foldUpsert, own, type Brief } from '../projection';
import { gmailConnectionsTouched } from './queries';

/** The connection's row as GmailConnected leaves it. */
function connectedRow(event: Brief<Extract<GmailEvent, { type: 'GmailConnected' }>>) {
  const { at } = event.metadata;
  return {
    id: entityId(event.stream_id),
    connected: true,
    gmail_address: event.data.gmail_address,
    ciphertext: event.data.ciphertext,
    connected_at: at,
    version: event.version,
    updated_at: at,
  };
}

/** Each user's mail connection: connected with its address and sealed tokens, or not. */
export const gmailProjection = defineProjection<GmailEvent | UserDeleted>({
  name: 'gmail',
  version: 2,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['gmail_connections'],
  on: {
    GmailConnected: {
      apply: (db, event) => {
        const row = connectedRow(event);
        return db`INSERT INTO gmail_connections ${db(row)} ON CONFLICT (id) DO UPDATE SET ${db(row, 'connected', 'gmail_address', 'ciphertext', 'connected_at', 'version', 'updated_at')}`;
      },
      fold: (tables, event) => {
        const { id: _id, ...changes } = connectedRow(event);
        foldUpsert(tables, 'gmail_connections', connectedRow(event), changes);
      },
      changed: own,
    },
    GmailDisconnected: {
      apply: (db, event) =>
        db`UPDATE gmail_connections SET connected = false, gmail_address = NULL, ciphertext = NULL, connected_at = NULL,
             version = ${event.version}, updated_at = ${event.metadata.at}
           WHERE id = ${entityId(event.stream_id)}`,
      fold: (tables, event) => foldOwn(tables, 'gmail_connections', event, { connected: false, gmail_address: null, ciphertext: null, connected_at: null }),
      changed: own,
    },
    /** A deleted user's connection goes with them: nothing of theirs is read again. */
    UserDeleted: {
      apply: (db, event) => db`DELETE FROM gmail_connections WHERE id = ${entityId(event.stream_id)}`,
      fold: (tables, event) => tables.table('gmail_connections').delete(entityId(event.stream_id)),
      // Nothing to push: the row was its owner's alone, and their sockets close with the deletion.
      changed: () => [],
    },
  },
  live: { entity: 'gmail_status', load: gmailConnectionsTouched },
});
