import { eventScope } from '../eventScope';
import { VISIBILITY } from '@shared/visibility';
import type { Aggregate, Decider } from '../decider';
import { GmailEventSchemas, type GmailEvent } from './events';

export interface GmailState {
  gmail_address: string | null;
  /** The sealed tokens of the connection; null when not connected. */
  ciphertext: string | null;
}

export type GmailCommand =
  /** The tokens arrive sealed: the server encrypts them before the command. */
  | { type: 'ConnectGmail'; gmail_address: string; ciphertext: string }
  | { type: 'DisconnectGmail' };

export const gmailDecider: Decider<GmailCommand, GmailState, GmailEvent> = {
  initialState: { gmail_address: null, ciphertext: null },

  decide(command, state) {
    switch (command.type) {
      // Connecting again (another account, or new tokens for the same one) replaces the connection.
      case 'ConnectGmail':
        return [{ type: 'GmailConnected', data: { gmail_address: command.gmail_address, ciphertext: command.ciphertext } }];
      // Disconnecting what is not connected records nothing: the answer is the same either way.
      case 'DisconnectGmail':
        return state.ciphertext === null ? [] : [{ type: 'GmailDisconnected', data: {} }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'GmailConnected':
        return { gmail_address: event.data.gmail_address, ciphertext: event.data.ciphertext };
      case 'GmailDisconnected':
        return { gmail_address: null, ciphertext: null };
    }
  },
};

/**
 * One stream per user (`gmail-<user id>`). Its events are that user's alone (`private`): not in
 * an administrator's activity, not pushed to anyone else's sockets.
 */
export const gmailAggregate: Aggregate<GmailCommand, GmailState, GmailEvent> = {
  streamType: 'gmail',
  streamId: (userId) => `gmail-${userId}`,
  decider: gmailDecider,
  eventSchemas: GmailEventSchemas,
  scope: eventScope(VISIBILITY.gmail_status),
};
