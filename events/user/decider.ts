import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import { ALL_LOCATIONS } from '@shared/constants';
import { DomainError, conflict, invalid, notFound } from '../store/errors';
import { changedFields, type Aggregate, type Decider } from '../decider';
import { UserEventSchemas, type UserEvent, type UserRegistered } from './events';

export type UserProfile = Omit<UserRegistered['data'], 'id' | 'password_hash'>;

export type UserCommand =
  | { type: 'RegisterUser'; id: string; profile: UserProfile; password_hash: string }
  /** An edit; with a password hash, the password changes in the same step (Edit User's password field). */
  | { type: 'UpdateUser'; actor_id: string; changes: Partial<UserProfile>; password_hash?: string }
  | { type: 'ChangeUserPassword'; password_hash: string }
  | { type: 'DeleteUser'; actor_id: string };

export type UserState = (UserRegistered['data'] & { deleted: boolean }) | null;

function checkPrimaryLocation(profile: Pick<UserProfile, 'locations' | 'primary_location'>) {
  const { locations, primary_location } = profile;
  if (primary_location !== ALL_LOCATIONS && locations.length > 0 && !locations.includes(primary_location)) {
    throw invalid("Primary location must be one of the user's locations");
  }
}

function live(state: UserState): NonNullable<UserState> {
  if (!state || state.deleted) throw notFound('User not found');
  return state;
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'RegisterUser':
        if (state) throw conflict('User already exists');
        checkPrimaryLocation(command.profile);
        return [
          { type: 'UserRegistered', data: { id: command.id, ...command.profile, password_hash: command.password_hash } },
        ];
      case 'UpdateUser': {
        const current = live(state);
        if (command.actor_id === current.id && command.changes.role && command.changes.role !== current.role) {
          throw new DomainError(403, 'You cannot change your own role');
        }
        const changes = changedFields<UserProfile>(command.changes, current);
        checkPrimaryLocation({ ...current, ...changes });
        const events: UserEvent[] = Object.keys(changes).length === 0 ? [] : [{ type: 'UserUpdated', data: changes }];
        if (command.password_hash) events.push({ type: 'UserPasswordChanged', data: { password_hash: command.password_hash } });
        return events;
      }
      case 'ChangeUserPassword':
        live(state);
        return [{ type: 'UserPasswordChanged', data: { password_hash: command.password_hash } }];
      case 'DeleteUser': {
        const current = live(state);
        if (command.actor_id === current.id) throw new DomainError(403, 'Cannot delete your own account');
        if (current.role === 'admin') throw new DomainError(403, 'Administrator accounts cannot be deleted');
        return [{ type: 'UserDeleted', data: {} }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { ...event.data, deleted: false };
      case 'UserUpdated':
        return state ? { ...state, ...event.data } : state;
      case 'UserPasswordChanged':
        return state ? { ...state, password_hash: event.data.password_hash } : state;
      case 'UserDeleted':
        return state ? { ...state, deleted: true } : state;
    }
  },
};

export const userAggregate: Aggregate<UserCommand, UserState, UserEvent> = {
  streamType: 'user',
  streamId: (id) => `user-${id}`,
  decider: userDecider,
  eventSchemas: UserEventSchemas,
  scope: eventScope(VISIBILITY.users),
};
