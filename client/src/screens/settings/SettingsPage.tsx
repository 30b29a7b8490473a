import { AccessDenied } from '../../auth/RoleGuard';
import { useUser } from '../../auth/session';
import ComingSoonScreen from '../placeholder/ComingSoonScreen';

/** Settings: administrators and managers only; a viewer is told why not. */
export default function SettingsPage() {
  const user = useUser();
  if (user.role !== 'admin' && user.role !== 'manager') {
    return <AccessDenied required={['admin', 'manager']} detail="Access Denied - You need administrator or manager privileges to access settings." />;
  }
  return (
    <ComingSoonScreen
      title="Settings"
      description="User management, locations, integrations and system settings are on their way."
    />
  );
}
