import { POLICY, may } from '@shared/policy';
import { AccessDenied } from '../../auth/RoleGuard';
import { useUser } from '../../auth/session';
import ComingSoonScreen from '../placeholder/ComingSoonScreen';

/** Settings: administrators and managers only; a viewer is told why not. */
export default function SettingsPage() {
  const user = useUser();
  if (!may(user, 'settings.view')) {
    return <AccessDenied required={[...POLICY['settings.view'].roles]} detail={POLICY['settings.view'].refusal} />;
  }
  return (
    <ComingSoonScreen
      title="Settings"
      description="User management, locations, integrations and system settings are on their way."
    />
  );
}
