import { readFileSync } from 'node:fs';
import type { GmailEvent } from '../../events/gmail/events';
import type { UserDeleted } from '../../events/user/events';
import { defineReadModel } from '../engine/defineReadModel';
import { entityId } from '../engine/projection';
import { gmailConnectionsTouched } from './queries';

/**
 * Each user's mail connection: connected with its address and sealed tokens, or not. The table
 * keeps no created_at, so the evolvers stamp version and updated_at themselves.
 */
export const gmailProjection = defineReadModel<GmailEvent | UserDeleted>({
  name: 'gmail',
  version: 2,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'gmail_connections',
  stamps: false,
  evolve: {
    // Connected, or connected again: the row as the new connection has it.
    GmailConnected: {
      upsert: (row, { stream_id, data, version, metadata: { at } }) => ({
        ...row, id: entityId(stream_id), connected: true, gmail_address: data.gmail_address, ciphertext: data.ciphertext, connected_at: at,
        version, updated_at: at,
      }),
    },
    GmailDisconnected: (row, { version, metadata: { at } }) => ({
      ...row, connected: false, gmail_address: null, ciphertext: null, connected_at: null, version, updated_at: at,
    }),
  },
  statements: {
    /**
     * A deleted user's connection goes with them: nothing of theirs is read again. A statement, not
     * an evolver, whose own row would be pushed (a removal to every socket) with nothing to tell.
     */
    UserDeleted: {
      apply: (db, event) => db`DELETE FROM gmail_connections WHERE id = ${entityId(event.stream_id)}`,
      fold: (tables, event) => tables.table('gmail_connections').delete(entityId(event.stream_id)),
      // Nothing to push: the row was its owner's alone, and their sockets close with the deletion.
      changed: () => [],
    },
  },
  live: { entity: 'gmail_status', load: gmailConnectionsTouched },
});
