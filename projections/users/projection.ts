import { readFileSync } from 'node:fs';
import type { UserEvent } from '../../events/user/events';
import { entityId, type Projection } from '../projection';
import { usersByIds } from './queries';

export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['users'],
  conflicts: { users_email_unique: 'A user with this e-mail already exists' },

  apply(db, stored) {
    const event = stored as unknown as UserEvent;
    const id = entityId(stored.stream_id);
    const at = stored.metadata.at;
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        return db`
          INSERT INTO users (id, name, email, role, locations, primary_location, password_hash, version, created_at, updated_at)
          VALUES (${d.id}, ${d.name}, ${d.email}, ${d.role}, ${d.locations}, ${d.primary_location}, ${d.password_hash},
                  ${stored.version}, ${at}, ${at})`;
      }
      case 'UserUpdated':
        return db`UPDATE users SET ${db(event.data)}, version = ${stored.version}, updated_at = ${at} WHERE id = ${id}`;
      case 'UserPasswordChanged':
        return db`
          UPDATE users SET password_hash = ${event.data.password_hash}, version = ${stored.version}, updated_at = ${at}
          WHERE id = ${id}`;
      case 'UserDeleted':
        return db`DELETE FROM users WHERE id = ${id}`;
      default:
        return null;
    }
  },

  live: {
    entity: 'users',
    streamTypes: ['user'],
    ids: (event) => [entityId(event.stream_id)],
    load: usersByIds,
  },
};
