import type { ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import type { Role } from '@shared/constants';
import { Card } from '../components/ui/Card';
import { ROLE_LABELS } from './roleLabels';
import { useUser } from './session';

/** One required role (exact match) or a list (any match), as the spec's guard accepts. */
export function hasRole(role: string, required: Role | Role[]): boolean {
  return Array.isArray(required) ? required.includes(role as Role) : role === required;
}

export function AccessDenied({ required, detail }: { required?: Role | Role[]; detail?: string }) {
  const roles = required === undefined ? [] : Array.isArray(required) ? required : [required];
  return (
    <div className="flex justify-center py-16">
      <Card className="max-w-md p-8 text-center">
        <ShieldAlert className="mx-auto h-10 w-10 text-red-500" aria-hidden />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">Access Denied</h1>
        <p className="mt-2 text-slate-600">{detail ?? "You don't have permission to access this page."}</p>
        {roles.length > 0 && (
          <p className="mt-2 text-sm text-slate-500">
            {roles.length === 1 ? `Required role: ${ROLE_LABELS[roles[0]!]}` : `Required roles: ${roles.map((r) => ROLE_LABELS[r]).join(', ')}`}
          </p>
        )}
      </Card>
    </div>
  );
}

export function RoleGuard({ required, children }: { required: Role | Role[]; children: ReactNode }) {
  const user = useUser();
  if (!hasRole(user.role, required)) return <AccessDenied required={required} />;
  return <>{children}</>;
}
