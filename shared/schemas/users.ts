import { z } from 'zod';
import { ALL_LOCATIONS, DEFAULT_ROLE, ROLES } from '../constants';
import { ExpectedVersion, Id, formMessage } from './common';
import { str } from './strings';
import { ignored } from './rows';

export type { User } from './auth';

/** The spec's messages for Add User and Edit User without their required fields. */
export const USER_CREATE_REQUIRED = formMessage('Email, password, and name are required');
export const USER_EDIT_REQUIRED = formMessage('Email and name are required');

export const USER_NAME_MAX = 120;
export const PASSWORD_MIN = 8;
/** Sign-in takes at most this many characters, so no longer password could ever be used. */
export const PASSWORD_MAX = 200;
/** More locations than the operator will ever have; a bound on what one request may carry. */
const LOCATIONS_MAX = 200;

/** Required text whose absence answers the form's one message. */
const needed = (message: string, label: string, max: number) =>
  str(label, message)
    .trim()
    .min(1, { message })
    .max(max, { message: `${label} must be at most ${max} characters` });

/** E-mail addresses are one account each whatever their letter case; kept in lower case. */
const email = (message: string) =>
  needed(message, 'Email', 254)
    .pipe(z.email({ message: 'Enter a valid e-mail address' }))
    .transform((value) => value.toLowerCase());

/** A new password's rules: not trimmed (spaces are part of it), long enough to be worth having. */
const newPassword = str('Password')
  .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` });

/** A password that must be given: blank answers the form's one message. */
const password = (message: string) =>
  str('Password', message)
    .refine((value) => value.trim().length > 0, { message })
    .pipe(newPassword);

/** Edit User: a blank or absent password keeps the current one. */
const passwordChange = str('Password')
  .nullish()
  .transform((value) => (value && value.trim().length > 0 ? value : undefined))
  .pipe(newPassword.optional());

const ROLE_MESSAGE = `Role must be one of ${ROLES.join(', ')}`;
const role = z.enum(ROLES, { message: ROLE_MESSAGE });

/** The locations a user may work in; none means every location. */
const locations = z
  .array(Id, { message: 'Locations must be a list of location ids' })
  .max(LOCATIONS_MAX, { message: `At most ${LOCATIONS_MAX} locations` })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Locations must not repeat' });

/** 'All Locations', or one location's id (one of the user's locations when it has a list). */
const primaryLocation = z.union([z.literal(ALL_LOCATIONS), Id], {
  message: `Primary location must be '${ALL_LOCATIONS}' or a location id`,
});

/** POST /api/users */
export const CreateUserInput = z
  .object({
    name: needed(USER_CREATE_REQUIRED, 'Name', USER_NAME_MAX),
    email: email(USER_CREATE_REQUIRED),
    password: password(USER_CREATE_REQUIRED),
    role: role.default(DEFAULT_ROLE),
    locations: locations.default([]),
    primary_location: primaryLocation.default(ALL_LOCATIONS),
  })
  .strict();
export type CreateUserInput = z.infer<typeof CreateUserInput>;

/** Fields of a user response a client may send back unchanged; they are ignored. */
const READ_ONLY_USER_FIELDS = ignored('id', 'created_at', 'updated_at');

/**
 * PUT /api/users/{id}: the user as GET returned it, or any part of it. A blank or absent password
 * keeps the current one.
 */
export const UpdateUserInput = z
  .object({
    name: needed(USER_EDIT_REQUIRED, 'Name', USER_NAME_MAX).optional(),
    email: email(USER_EDIT_REQUIRED).optional(),
    password: passwordChange,
    role: role.optional(),
    locations: locations.optional(),
    primary_location: primaryLocation.optional(),
    version: ExpectedVersion,
    ...READ_ONLY_USER_FIELDS,
  })
  .strict();
export type UpdateUserInput = z.infer<typeof UpdateUserInput>;

/** GET /api/users?role=&q= */
export const UserListQuery = z
  .object({
    role: z
      .enum(['', ...ROLES], { message: ROLE_MESSAGE })
      .optional()
      .transform((value) => value || undefined),
    q: str('Search').trim().max(200, { message: 'Search must be at most 200 characters' }).optional(),
  })
  .strict();
export type UserListQuery = z.infer<typeof UserListQuery>;
