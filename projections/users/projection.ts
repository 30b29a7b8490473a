import { readFileSync } from 'node:fs';
import type { UserEvent } from '../../events/user/events';
import { defineProjection, entityId, foldOwn, own } from '../projection';
import { usersTouched } from './queries';

export const usersProjection = defineProjection<UserEvent>({
  name: 'users',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['users'],
  conflicts: { users_email_unique: { message: 'A user with this e-mail already exists', field: 'email' } },
  on: {
    UserRegistered: {
      apply(db, { data: d, version, metadata: { at } }) {
        return db`
          INSERT INTO users (id, name, email, role, locations, primary_location, password_hash, version, created_at, updated_at)
          VALUES (${d.id}, ${d.name}, ${d.email}, ${d.role}, ${d.locations}, ${d.primary_location}, ${d.password_hash},
                  ${version}, ${at}, ${at})`;
      },
      fold(tables, { data: d, version, metadata: { at } }) {
        tables.table('users').insert({
          id: d.id, name: d.name, email: d.email, role: d.role, locations: d.locations, primary_location: d.primary_location,
          password_hash: d.password_hash, version, created_at: at, updated_at: at,
        });
      },
      changed: own,
    },
    UserUpdated: {
      apply(db, event) {
        return db`
          UPDATE users SET ${db(event.data)}, version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold: (tables, event) => foldOwn(tables, 'users', event, event.data),
      changed: own,
    },
    UserPasswordChanged: {
      apply(db, event) {
        return db`
          UPDATE users SET password_hash = ${event.data.password_hash}, version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold: (tables, event) => foldOwn(tables, 'users', event, { password_hash: event.data.password_hash }),
      changed: own,
    },
    UserDeleted: {
      apply: (db, event) => db`DELETE FROM users WHERE id = ${entityId(event.stream_id)}`,
      fold: (tables, event) => tables.table('users').delete(entityId(event.stream_id)),
      changed: own,
    },
  },
  live: { entity: 'users', load: usersTouched },
});
