import type { Role } from '@shared/constants';

/**
 * Roles in words, one casing wherever a role is shown (the badge, the role select): the spec
 * labels admin "Administrator", so manager and viewer read "Manager" and "Viewer" beside it.
 */
export const ROLE_LABELS: Record<Role, string> = { viewer: 'Viewer', manager: 'Manager', admin: 'Administrator' };
