import { z } from 'zod';
import { ROLES } from '../constants';

export const LoginInput = z
  .object({
    email: z.email({ message: 'Enter a valid e-mail address' }).max(254),
    password: z.string().min(1, { message: 'Password is required' }).max(200),
  })
  .strict();
export type LoginInput = z.infer<typeof LoginInput>;

/** The signed-in user as the API shows it: never a password or its hash. */
export const User = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** Location ids the user may work in; empty means every location. */
  locations: z.array(z.uuid()),
  /** A location id, or 'All Locations'. */
  primary_location: z.string(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof User>;

export const LoginResult = z.object({ access_token: z.string(), user: User });
export type LoginResult = z.infer<typeof LoginResult>;

export const PublicConfig = z.object({
  demo_mode: z.boolean(),
  demo_email: z.string().nullable(),
  demo_password: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
