import type { Role } from '@shared/constants';
import { ROLE_LABELS } from '../auth/roleLabels';
import { Badge, type BadgeTone } from '../components/ui/Badge';

const ROLE_TONE: Record<Role, BadgeTone> = { admin: 'purple', manager: 'blue', viewer: 'green' };

/** The role in words (Administrator, Manager, Viewer); any other role shows as it is, grey. */
export function RoleBadge({ role }: { role: string }) {
  const known = Object.hasOwn(ROLE_LABELS, role) ? (role as Role) : null;
  return <Badge tone={known ? ROLE_TONE[known] : 'grey'}>{known ? ROLE_LABELS[known] : role}</Badge>;
}
