/**
 * Who may do what: the one policy table. The server checks it inside each command's transaction
 * against the aggregate's state (the locations the row is at before and after the command); the
 * client reads it to show or hide controls. Who may see a row is declared beside it, in
 * visibility.ts.
 */
import type { Role } from './constants';
import { canAccessLocation, type Actor } from './domain/access';

export interface Permission {
  /** Roles that may attempt the command at all. */
  roles: readonly Role[];
  /** Whether the actor must have access to every location the row is at, before and after. */
  atOwnLocations: boolean;
  /** The refusal when the role is not enough. */
  refusal: string;
}

const WRITERS: readonly Role[] = ['admin', 'manager'];
const ADMINS: readonly Role[] = ['admin'];
const READ_ONLY = 'Viewers have read-only access';
export const ADMIN_ONLY = 'Requires the admin role';

export const POLICY = {
  'office.create': { roles: ADMINS, atOwnLocations: true, refusal: ADMIN_ONLY },
  'office.update': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'office.changeStatus': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'office.editContacts': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'office.assignCompany': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  /** A row changing location: both ends must be the actor's, and only admins move rows. */
  'office.move': { roles: ADMINS, atOwnLocations: true, refusal: 'Only administrators can move an office to another location' },
  'member.create': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'member.update': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'member.addEmployee': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'member.assignOffice': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'member.move': { roles: ADMINS, atOwnLocations: true, refusal: 'Only administrators can move a member company to another location' },
  'deal.create': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'deal.update': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  /** Dragging across the board, and undoing one's own drag. */
  'deal.changeStage': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  /** Generate (or regenerate) a deal's membership agreement; it moves the deal to Agreement Sent. */
  'deal.agreement': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  /** Send the agreement for signature: a signing link, answered only to the sender. */
  'deal.signature': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'deal.move': { roles: ADMINS, atOwnLocations: true, refusal: 'Only administrators can move a deal to another location' },
  /** Contacts and companies belong to no location: writers anywhere may change them. */
  'contact.create': { roles: WRITERS, atOwnLocations: false, refusal: READ_ONLY },
  'contact.update': { roles: WRITERS, atOwnLocations: false, refusal: READ_ONLY },
  'contact.delete': { roles: WRITERS, atOwnLocations: false, refusal: READ_ONLY },
  'company.create': { roles: WRITERS, atOwnLocations: false, refusal: READ_ONLY },
  'company.update': { roles: WRITERS, atOwnLocations: false, refusal: READ_ONLY },
  'company.delete': { roles: WRITERS, atOwnLocations: false, refusal: READ_ONLY },
  /** Templates belong to no location: managers and admins change any of them. */
  'template.create': { roles: WRITERS, atOwnLocations: false, refusal: READ_ONLY },
  'template.update': { roles: WRITERS, atOwnLocations: false, refusal: READ_ONLY },
  'template.delete': { roles: WRITERS, atOwnLocations: false, refusal: READ_ONLY },
  'task.create': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'task.update': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  /** Start, Mark Complete, Cancel. */
  'task.changeStatus': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  /** A task filed at the wrong location may be moved by anyone who may change tasks at both ends. */
  'task.move': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  /** Meeting-room bookings: admins, and managers at the room's location; viewers read. */
  'booking.create': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'booking.update': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  'booking.cancel': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  /** A booking moved to a room at another location: writers at both ends. */
  'booking.move': { roles: WRITERS, atOwnLocations: true, refusal: READ_ONLY },
  /** The document library belongs to no location: managers and admins upload and delete. */
  'resource.upload': { roles: WRITERS, atOwnLocations: false, refusal: READ_ONLY },
  'resource.delete': { roles: WRITERS, atOwnLocations: false, refusal: READ_ONLY },
  /** System settings (the CRM key, company holidays and vacation days): administrators only. */
  'settings.system': { roles: ADMINS, atOwnLocations: false, refusal: ADMIN_ONLY },
  'location.create': { roles: ADMINS, atOwnLocations: false, refusal: ADMIN_ONLY },
  'location.update': { roles: ADMINS, atOwnLocations: false, refusal: ADMIN_ONLY },
  'location.move': { roles: ADMINS, atOwnLocations: false, refusal: ADMIN_ONLY },
  'user.manage': { roles: ADMINS, atOwnLocations: false, refusal: ADMIN_ONLY },
  'user.move': { roles: ADMINS, atOwnLocations: false, refusal: ADMIN_ONLY },
  /** Screens: Settings opens for administrators and managers (spec part 2, Settings). */
  'settings.view': {
    roles: WRITERS,
    atOwnLocations: false,
    refusal: 'Access Denied - You need administrator or manager privileges to access settings.',
  },
  /** Integrations (Settings): a mail account for managers and admins, chat notifications for admins. */
  'gmail.connect': { roles: WRITERS, atOwnLocations: false, refusal: 'Requires Manager Role' },
  'slack.configure': { roles: ADMINS, atOwnLocations: false, refusal: ADMIN_ONLY },
  /**
   * Controls the spec reserves for administrators on the office profile (Edit, Unassign). The
   * commands behind them follow their own rows above; these only decide what the screen offers.
   */
  'officeProfile.edit': { roles: ADMINS, atOwnLocations: true, refusal: ADMIN_ONLY },
  'officeProfile.unassign': { roles: ADMINS, atOwnLocations: true, refusal: ADMIN_ONLY },
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof POLICY;

export const LOCATION_REFUSAL = "You don't have access to this location";

/** Why the actor may not do `action` on a row at `locations`, or null when it may. */
export function refusal(actor: Actor, action: Action, locations: readonly string[] = []): string | null {
  const rule: Permission = POLICY[action];
  if (!rule.roles.includes(actor.role)) return rule.refusal;
  if (rule.atOwnLocations && !locations.every((id) => canAccessLocation(actor, id))) return LOCATION_REFUSAL;
  return null;
}

/** For the client's controls: may the actor do `action` (at `locations`, when known)? */
export function may(actor: Actor, action: Action, locations: readonly string[] = []): boolean {
  return refusal(actor, action, locations) === null;
}
