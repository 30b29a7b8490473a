import { readFileSync } from 'node:fs';
import type { UserEvent } from '../../events/user/events';
import { defineReadModel } from '../engine/defineReadModel';
import { usersTouched } from './queries';

export const usersProjection = defineReadModel<UserEvent>({
  name: 'users',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'users',
  conflicts: { users_email_unique: { message: 'A user with this e-mail already exists', field: 'email' } },
  evolve: {
    UserRegistered: {
      create: ({ data: d }) => ({
        id: d.id, name: d.name, email: d.email, role: d.role, locations: d.locations, primary_location: d.primary_location,
        password_hash: d.password_hash,
      }),
    },
    UserUpdated: (row, { data }) => ({ ...row, ...data }),
    UserPasswordChanged: (row, { data }) => ({ ...row, password_hash: data.password_hash }),
    UserDeleted: () => null,
  },
  live: { entity: 'users', load: usersTouched },
});
