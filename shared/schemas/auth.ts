import { z } from 'zod';
import { ROLES } from '../constants';
import { answerText, str } from './strings';
import { stamps } from './rows';

export const LoginInput = z
  .object({
    email: z.email({ message: 'Enter a valid e-mail address' }).max(254),
    password: str('Password').min(1, { message: 'Password is required' }).max(200),
  })
  .strict();
export type LoginInput = z.infer<typeof LoginInput>;

/** The signed-in user as the API shows it: never a password or its hash. */
export const User = z.object({
  id: z.uuid(),
  name: answerText(),
  email: answerText(),
  role: z.enum(ROLES),
  /** Location ids the user may work in; empty means every location. */
  locations: z.array(z.uuid()),
  /** A location id, or 'All Locations'. */
  primary_location: answerText(),
  ...stamps,
});
export type User = z.infer<typeof User>;

export const LoginResult = z.object({ access_token: answerText(), user: User });
export type LoginResult = z.infer<typeof LoginResult>;

export const PublicConfig = z.object({
  demo_mode: z.boolean(),
  demo_email: answerText().nullable(),
  demo_password: answerText().nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
