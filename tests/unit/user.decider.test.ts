import { describe, it } from 'vitest';
import { userDecider, type UserProfile } from '../../events/user/decider';
import type { UserEvent } from '../../events/user/events';
import { ALL_LOCATIONS } from '@shared/constants';
import { createsOnce, specFor } from '../support/givenWhenThen';

const given = specFor(userDecider);
const id = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const adminId = '11111111-2222-4333-8444-555555555555';
const loc1 = '6f1d9c4e-2b7a-4c3d-9e8f-0a1b2c3d4e5f';
const loc2 = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const profile: UserProfile = {
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  role: 'manager',
  locations: [loc1, loc2],
  primary_location: loc1,
};
const registered: UserEvent = { type: 'UserRegistered', data: { id, ...profile, password_hash: hash } };

describe('user decider', () => {
  createsOnce(given, 'a user with a password hash', { type: 'RegisterUser', id, profile, password_hash: hash }, registered, 'User already exists');

  it("refuses a primary location outside the user's locations", () => {
    given([])
      .when({ type: 'RegisterUser', id, profile: { ...profile, primary_location: '00000000-0000-4000-8000-000000000000' }, password_hash: hash })
      .thenRefuses(400, "Primary location must be one of the user's locations");
  });

  it('accepts All Locations as the primary location', () => {
    const everywhere = { ...profile, primary_location: ALL_LOCATIONS };
    given([])
      .when({ type: 'RegisterUser', id, profile: everywhere, password_hash: hash })
      .then([{ type: 'UserRegistered', data: { id, ...everywhere, password_hash: hash } }]);
  });

  it('records only changed profile fields', () => {
    given([registered])
      .when({ type: 'UpdateUser', actor_id: adminId, changes: { name: 'Jordan Lee', role: 'viewer' } })
      .then([{ type: 'UserUpdated', data: { role: 'viewer' } }]);
  });

  it('checks the primary location against the locations after the change', () => {
    given([registered])
      .when({ type: 'UpdateUser', actor_id: adminId, changes: { locations: [loc2] } })
      .thenRefuses(400, "Primary location must be one of the user's locations");
  });

  it('refuses a change of one’s own role', () => {
    given([registered])
      .when({ type: 'UpdateUser', actor_id: id, changes: { role: 'admin' } })
      .thenRefuses(403, 'You cannot change your own role');
  });

  it('changes a password', () => {
    const next = '$argon2id$v=19$m=19456,t=2,p=1$bmV3c2FsdA$bmV3aGFzaA';
    given([registered])
      .when({ type: 'ChangeUserPassword', password_hash: next })
      .then([{ type: 'UserPasswordChanged', data: { password_hash: next } }]);
  });

  it('changes the password with an edit, in the same step', () => {
    const next = '$argon2id$v=19$m=19456,t=2,p=1$bmV3c2FsdA$bmV3aGFzaA';
    given([registered])
      .when({ type: 'UpdateUser', actor_id: adminId, changes: { name: 'Jordan Leigh' }, password_hash: next })
      .then([
        { type: 'UserUpdated', data: { name: 'Jordan Leigh' } },
        { type: 'UserPasswordChanged', data: { password_hash: next } },
      ]);
  });

  it('changes only the password when the profile is sent back unchanged', () => {
    const next = '$argon2id$v=19$m=19456,t=2,p=1$bmV3c2FsdA$bmV3aGFzaA';
    given([registered])
      .when({ type: 'UpdateUser', actor_id: adminId, changes: profile, password_hash: next })
      .then([{ type: 'UserPasswordChanged', data: { password_hash: next } }]);
  });

  it('records nothing for an edit that changes nothing and types no password', () => {
    given([registered]).when({ type: 'UpdateUser', actor_id: adminId, changes: profile }).then([]);
  });

  it('lets an administrator change another administrator’s role', () => {
    const admin: UserEvent = { type: 'UserRegistered', data: { ...registered.data, role: 'admin' } as never };
    given([admin])
      .when({ type: 'UpdateUser', actor_id: adminId, changes: { role: 'manager' } })
      .then([{ type: 'UserUpdated', data: { role: 'manager' } }]);
  });

  it('deletes a user', () => {
    given([registered]).when({ type: 'DeleteUser', actor_id: adminId }).then([{ type: 'UserDeleted', data: {} }]);
  });

  it('refuses to delete one’s own account', () => {
    given([registered]).when({ type: 'DeleteUser', actor_id: id }).thenRefuses(403, 'Cannot delete your own account');
  });

  it('refuses to delete an administrator', () => {
    const admin: UserEvent = { type: 'UserRegistered', data: { ...registered.data, role: 'admin' } as never };
    given([admin])
      .when({ type: 'DeleteUser', actor_id: adminId })
      .thenRefuses(403, 'Administrator accounts cannot be deleted');
  });

  it('treats a deleted user as unknown', () => {
    given([registered, { type: 'UserDeleted', data: {} }])
      .when({ type: 'UpdateUser', actor_id: adminId, changes: { name: 'X' } })
      .thenRefuses(404, 'User not found');
  });

  it('refuses commands for an unknown user', () => {
    given([]).when({ type: 'ChangeUserPassword', password_hash: hash }).thenRefuses(404, 'User not found');
  });
});
