import { Route, Routes } from 'react-router';
import { RequireAuth } from './auth/RequireAuth';
import { lazyScreen } from './lib/lazyScreen';

// The shell (socket, menus, drawer) loads after sign-in, keeping the sign-in page light. Every
// screen loads on demand; a failed load is retried from the error boundary (lazyScreen).
const Shell = lazyScreen(() => import('./shell/Shell').then((m) => ({ default: m.Shell })));
const LoginPage = lazyScreen(() => import('./screens/login/LoginPage'));
const ComingSoonScreen = lazyScreen(() => import('./screens/placeholder/ComingSoonScreen'));
const NotFoundScreen = lazyScreen(() => import('./screens/placeholder/NotFoundScreen'));
const SettingsPage = lazyScreen(() => import('./screens/settings/SettingsPage'));
const OfficesPage = lazyScreen(() => import('./screens/offices/OfficesPage'));
const OfficeProfilePage = lazyScreen(() => import('./screens/offices/OfficeProfilePage'));
const MembersPage = lazyScreen(() => import('./screens/members/MembersPage'));
const MemberProfilePage = lazyScreen(() => import('./screens/members/MemberProfilePage'));
const DealsPage = lazyScreen(() => import('./screens/deals/DealsPage'));
const DealProfilePage = lazyScreen(() => import('./screens/deals/DealProfilePage'));
const ContactsPage = lazyScreen(() => import('./screens/crm/ContactsPage'));
const ContactProfilePage = lazyScreen(() => import('./screens/crm/ContactProfilePage'));
const CompaniesPage = lazyScreen(() => import('./screens/crm/CompaniesPage'));
const CompanyProfilePage = lazyScreen(() => import('./screens/crm/CompanyProfilePage'));
const TemplatesPage = lazyScreen(() => import('./screens/templates/TemplatesPage'));
const TasksPage = lazyScreen(() => import('./screens/tasks/TasksPage'));
const DashboardPage = lazyScreen(() => import('./screens/dashboard/DashboardPage'));
const ResourcesPage = lazyScreen(() => import('./screens/resources/ResourcesPage'));
const OccupancyPage = lazyScreen(() => import('./screens/reports/OccupancyPage'));
const TermAnalysisPage = lazyScreen(() => import('./screens/reports/TermAnalysisPage'));
const BookingsPage = lazyScreen(() => import('./screens/bookings/BookingsPage'));
const AuthCallbackPage = lazyScreen(() => import('./screens/gmail/AuthCallbackPage'));

/** Screens not built yet, by path: [title, what is coming]. */
const COMING: [string, string, string][] = [];

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
        <Route path="/" element={<DashboardPage />} />
        <Route path="/offices" element={<OfficesPage />} />
        <Route path="/offices/:id" element={<OfficeProfilePage />} />
        <Route path="/members" element={<MembersPage />} />
        <Route path="/members/:id" element={<MemberProfilePage />} />
        <Route path="/crm" element={<DealsPage />} />
        <Route path="/crm/deals" element={<DealsPage />} />
        <Route path="/crm/deals/:id" element={<DealProfilePage />} />
        <Route path="/crm/contacts" element={<ContactsPage />} />
        <Route path="/crm/contacts/:id" element={<ContactProfilePage />} />
        <Route path="/crm/companies" element={<CompaniesPage />} />
        <Route path="/crm/companies/:id" element={<CompanyProfilePage />} />
        <Route path="/templates" element={<TemplatesPage />} />
        <Route path="/tasks" element={<TasksPage />} />
        <Route path="/bookings" element={<BookingsPage />} />
        <Route path="/resources" element={<ResourcesPage />} />
        <Route path="/reporting" element={<OccupancyPage />} />
        <Route path="/term-analysis" element={<TermAnalysisPage />} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
