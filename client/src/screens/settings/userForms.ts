/**
 * The Add User and Edit User form: text in, the API's request body out, ending in the shared
 * request schema the server validates with, so its rules and messages apply at the same field
 * names before anything is sent.
 */
import { z } from 'zod';
import { ALL_LOCATIONS, DEFAULT_ROLE, ROLES } from '@shared/constants';
import type { User } from '@shared/schemas/auth';
import { CreateUserInput, UpdateUserInput, USER_NAME_MAX } from '@shared/schemas/users';
import { asRequest, requiredEmail, requiredMessage, requiredText } from '../../forms/fields';

const fields = {
  name: requiredText('Name', USER_NAME_MAX),
  email: requiredEmail('Email'),
  role: z.enum(ROLES, { message: 'Choose a role' }),
  locations: z.array(z.string()),
  primary_location: z.string(),
};

export const NewUserForm = z
  .object({ ...fields, password: z.string().refine((value) => value.trim().length > 0, { message: requiredMessage('Password') }) })
  .transform(asRequest(CreateUserInput));
/** A blank password keeps the current one: the request schema leaves it out. */
export const EditUserForm = z.object({ ...fields, password: z.string() }).transform(asRequest(UpdateUserInput));
export type UserFormValues = z.input<typeof NewUserForm>;

export const emptyUserValues = (): UserFormValues => ({
  name: '',
  email: '',
  password: '',
  role: DEFAULT_ROLE,
  locations: [],
  primary_location: ALL_LOCATIONS,
});

/** The form filled from a row (also after Reload, to take the latest values); the password starts blank. */
export const userValuesOf = (user: User): UserFormValues => ({
  name: user.name,
  email: user.email,
  password: '',
  role: user.role,
  locations: user.locations,
  primary_location: user.primary_location,
});

/** The fields the spec's 'Email, password, and name are required' covers, by label. */
export const NEW_USER_REQUIRED = { name: 'Name', email: 'Email', password: 'Password' };
/** Edit User's 'Email and name are required'. */
export const EDIT_USER_REQUIRED = { name: 'Name', email: 'Email' };

/** A user's fields as a conflict notice names them. */
export const USER_FIELD_LABELS: Partial<Record<keyof User, string>> = {
  name: 'name',
  email: 'e-mail',
  role: 'role',
  locations: 'locations',
  primary_location: 'primary location',
};

/**
 * The primary location once the list of locations changed: kept while it is still among them
 * (or every location is), else All Locations.
 */
export function primaryAfter(locations: string[], primary: string): string {
  if (primary === ALL_LOCATIONS || locations.length === 0 || locations.includes(primary)) return primary;
  return ALL_LOCATIONS;
}
