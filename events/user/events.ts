import { z } from 'zod';
import { ROLES } from '@shared/constants';

const UserProfile = {
  name: z.string().min(1),
  email: z.string().min(3),
  role: z.enum(ROLES),
  locations: z.array(z.uuid()),
  primary_location: z.string().min(1),
};

export const UserEventSchemas = {
  // Only an argon2id hash is ever recorded, never the password.
  UserRegistered: z.object({ id: z.uuid(), ...UserProfile, password_hash: z.string().startsWith('$argon2') }).strict(),
  UserUpdated: z.object(UserProfile).partial().strict(),
  UserPasswordChanged: z.object({ password_hash: z.string().startsWith('$argon2') }).strict(),
  UserDeleted: z.object({}).strict(),
};

type Data<K extends keyof typeof UserEventSchemas> = z.infer<(typeof UserEventSchemas)[K]>;
export type UserRegistered = { type: 'UserRegistered'; data: Data<'UserRegistered'> };
export type UserUpdated = { type: 'UserUpdated'; data: Data<'UserUpdated'> };
export type UserPasswordChanged = { type: 'UserPasswordChanged'; data: Data<'UserPasswordChanged'> };
export type UserDeleted = { type: 'UserDeleted'; data: Data<'UserDeleted'> };
export type UserEvent = UserRegistered | UserUpdated | UserPasswordChanged | UserDeleted;
