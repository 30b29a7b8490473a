import { z } from 'zod';
import type { Role } from '../constants';
import { str } from './strings';

export const LoginInput = z
  .object({
    email: z.email({ message: 'Enter a valid e-mail address' }).max(254),
    password: str('Password').min(1, { message: 'Password is required' }).max(200),
  })
  .strict();
export type LoginInput = z.infer<typeof LoginInput>;

/** The signed-in user as the API shows it: never a password or its hash. */
export interface User {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** Location ids the user may work in; empty means every location. */
  locations: string[];
  /** A location id, or 'All Locations'. */
  primary_location: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface LoginResult {
  access_token: string;
  user: User;
}

export interface PublicConfig {
  demo_mode: boolean;
  demo_email: string | null;
  demo_password: string | null;
}
