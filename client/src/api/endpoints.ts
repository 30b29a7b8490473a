import type { LoginResult, PublicConfig, User } from '../../../shared/schemas/auth';
import type { Location } from '../../../shared/schemas/locations';
import { api } from './client';

/** Every call the client makes, by area. */
export const endpoints = {
  config: () => api<PublicConfig>('GET', '/config'),
  login: (email: string, password: string) =>
    api<LoginResult>('POST', '/auth/login', { body: { email, password }, sessionCall: false }),
  me: () => api<User>('GET', '/auth/me'),
  locations: () => api<Location[]>('GET', '/locations'),
};
