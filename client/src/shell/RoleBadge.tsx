import { Badge, type BadgeTone } from '../components/ui/Badge';

const ROLE_LOOK: Record<string, { label: string; tone: BadgeTone }> = {
  admin: { label: 'Administrator', tone: 'purple' },
  manager: { label: 'manager', tone: 'blue' },
  viewer: { label: 'viewer', tone: 'green' },
};

/** Admin reads Administrator; manager and viewer keep their names; any other role is grey. */
export function RoleBadge({ role }: { role: string }) {
  const look = ROLE_LOOK[role] ?? { label: role, tone: 'grey' as const };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}
