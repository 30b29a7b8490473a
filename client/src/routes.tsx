import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { RequireAuth } from './auth/RequireAuth';

// The shell (socket, menus, drawer) loads after sign-in, keeping the sign-in page light.
const Shell = lazy(() => import('./shell/Shell').then((m) => ({ default: m.Shell })));
const LoginPage = lazy(() => import('./screens/login/LoginPage'));
const ComingSoonScreen = lazy(() => import('./screens/placeholder/ComingSoonScreen'));
const NotFoundScreen = lazy(() => import('./screens/placeholder/NotFoundScreen'));
const SettingsPage = lazy(() => import('./screens/settings/SettingsPage'));
const OfficesPage = lazy(() => import('./screens/offices/OfficesPage'));
const OfficeProfilePage = lazy(() => import('./screens/offices/OfficeProfilePage'));
const MembersPage = lazy(() => import('./screens/members/MembersPage'));
const MemberProfilePage = lazy(() => import('./screens/members/MemberProfilePage'));

/** Screens not built yet, by path: [title, what is coming]. */
const COMING: [string, string, string][] = [
  ['/', 'Operations', 'The dashboard of offices, members, tasks and recent activity across your locations.'],
  ['/crm/contacts', 'Contacts', 'CRM contacts with their companies, e-mails and deals.'],
  ['/crm/contacts/:id', 'Contact', 'A contact’s profile, e-mails, deals and activity.'],
  ['/crm/companies', 'Companies', 'CRM companies with their contacts and deals.'],
  ['/crm/companies/:id', 'Company', 'A company’s profile, contacts, e-mails, deals and activity.'],
  ['/crm', 'Deals', 'The sales pipeline, dragged together live.'],
  ['/crm/deals', 'Deals', 'The sales pipeline, dragged together live.'],
  ['/crm/deals/:id', 'Deal', 'A deal’s overview, contact and company, terms and pricing.'],
  ['/auth/callback', 'Mail connection', 'Connecting your mail account for e-mail history.'],
  ['/tasks', 'Task Management', 'Maintenance and operations tasks by status and priority.'],
  ['/templates', 'Marketing Templates', 'E-mail, notification, social and document templates.'],
  ['/resources', 'Employee Resources', 'The staff document library.'],
  ['/reporting', 'Occupancy Reports', 'Occupancy and revenue by location, live.'],
  ['/term-analysis', 'Term Rate Analysis', 'Signed rates against marketed rates by lease term.'],
];

/** The spec's route table: /login is public; everything else sits in the guarded shell. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <RequireAuth>
            <Shell />
          </RequireAuth>
        }
      >
        {COMING.map(([path, title, description]) => (
          <Route key={path} path={path} element={<ComingSoonScreen title={title} description={description} />} />
        ))}
        <Route path="/offices" element={<OfficesPage />} />
        <Route path="/offices/:id" element={<OfficeProfilePage />} />
        <Route path="/members" element={<MembersPage />} />
        <Route path="/members/:id" element={<MemberProfilePage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
