import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Building, CalendarClock, ClipboardList, Globe2, MapPin, Megaphone, Users } from 'lucide-react';
import { leaseEndTone } from '@shared/domain/lease';
import type { Dashboard } from '@shared/schemas/dashboard';
import { endpoints } from '../../api/endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Card } from '../../components/ui/Card';
import { Skeleton } from '../../components/ui/Skeleton';
import { PRIORITY_TONE } from '../../components/statusTones';
import { StatTile } from '../../components/ui/StatTile';
import { liveChangeAtom, liveEpochAtom } from '../../live/liveState';
import { plural } from '../../lib/plural';
import { timeAgo } from '../../lib/timeAgo';
import { useNow } from '../../lib/useNow';
import { useSelectedLocation } from '../../shell/useSelectedLocation';
import { useAtomValue } from '../../state/jotai';

/** Changes arriving this close together reload the figures once. */
const SETTLE_MS = 400;

/** The activity's kinds (the server's words: Office, Document, Slack rule, ...): the spec's four in colour, the rest grey. */
const TYPE_TONE: Record<string, BadgeTone> = { Office: 'blue', Task: 'amber', Member: 'green', Template: 'purple', Deal: 'blue' };
/**
 * The dashboard (/): the chosen location's figures from the server's read models, reloaded as
 * anyone's change arrives over the socket (new activity slides in at the top).
 */
export default function DashboardPage() {
  const selected = useSelectedLocation();
  const epoch = useAtomValue(liveEpochAtom);
  const change = useAtomValue(liveChangeAtom);
  const now = useNow(30_000);
  const [state, setState] = useState<{ data: Dashboard | null; error: unknown; attempt: number }>({ data: null, error: null, attempt: 0 });
  const location = selected.location?.name;

  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      endpoints.dashboard(location).then(
        (data) => current && setState((s) => ({ ...s, data, error: null })),
        (error: unknown) => current && setState((s) => ({ ...s, error })),
      );
    }, change === 0 ? 0 : SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [location, epoch, change, state.attempt]);

  const data = state.data;
  const subtitle = selected.location ? `Managing operations for ${selected.location.name}` : 'Offices, members, tasks and activity across your locations';
  const cities = data ? [...new Set(data.locations.map((l) => l.city))] : [];
  return (
    <div className="mx-auto max-w-screen-2xl space-y-6">
      <PageHeader title="Operations" subtitle={subtitle}>
        <span className="text-sm text-slate-600">{now.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })}</span>
        {selected.location && (
          <Badge tone="blue" className="gap-1 px-2.5 py-1 text-sm">
            <MapPin className="h-3.5 w-3.5" aria-hidden />
            {selected.location.name}
          </Badge>
        )}
      </PageHeader>
      {state.error && !data ? (
        <LoadFailed title="Failed to load the dashboard" error={state.error} onRetry={() => setState((s) => ({ ...s, attempt: s.attempt + 1 }))} />
      ) : (
        <>
          {!selected.location && data && (
            <Card className="flex items-center gap-3 border-brand-200 bg-brand-50/60 p-4" data-testid="multi-location">
              <Globe2 className="h-5 w-5 text-brand-700" aria-hidden />
              <p className="text-sm text-brand-900">
                <span className="font-semibold">Multi-Location Overview</span> · managing {plural(data.locations.length, 'location')} across {cities.join(', ')}
              </p>
            </Card>
          )}
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="dashboard-tiles">
            <StatTile label="Total Offices" icon={<Building className="h-5 w-5" aria-hidden />} value={data?.totalOffices ?? null} hint={data && `${data.leasedOffices} leased · ${data.vacantOffices} vacant · ${data.onNoticeOffices} on notice`} />
            <StatTile label="Member Companies" icon={<Users className="h-5 w-5" aria-hidden />} accent="green" value={data?.memberCompanies ?? null} hint={data && `${data.totalEmployees.toLocaleString('en-US')} employees`} />
            <StatTile
              label="Open Tasks"
              icon={<ClipboardList className="h-5 w-5" aria-hidden />}
              accent="amber"
              value={data?.openTasks ?? null}
              hint={data && `${data.inProgressTasks} in progress · ${data.openTasks - data.inProgressTasks} pending${data.overdueTasks ? ` · ${data.overdueTasks} overdue` : ''}`}
            />
            <StatTile label="Templates" icon={<Megaphone className="h-5 w-5" aria-hidden />} accent="purple" value={data?.templates ?? null} hint="Email & notification templates" />
          </div>
          <div className="grid gap-6 lg:grid-cols-3">
            <Card className="p-5 lg:col-span-2">
              <h2 className="mb-3 text-base font-semibold text-slate-900">Recent Activity</h2>
              {!data ? (
                <Skeleton className="h-40" />
              ) : data.recentActivity.length === 0 ? (
                <p className="text-sm text-slate-600">Nothing has happened here yet.</p>
              ) : (
                <ul className="divide-y divide-slate-100" data-testid="recent-activity">
                  {data.recentActivity.map((a) => (
                    <li key={`${a.entity_id}-${a.at}-${a.message}`} className="flex items-start gap-3 py-2.5 text-sm">
                      <Badge tone={TYPE_TONE[a.type] ?? 'grey'}>{a.type}</Badge>
                      <span className="min-w-0 flex-1 text-slate-800">{a.message}</span>
                      <time className="shrink-0 text-xs text-slate-500" dateTime={a.at} title={new Date(a.at).toLocaleString('en-US')}>
                        {timeAgo(a.at, now.getTime())}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card className="p-5">
              <h2 className="mb-3 flex items-center justify-between text-base font-semibold text-slate-900">
                Upcoming Tasks
                <Link to="/tasks" className="text-sm font-medium text-brand-700 hover:underline">
                  All tasks
                </Link>
              </h2>
              {!data ? (
                <Skeleton className="h-40" />
              ) : data.upcomingTasks.length === 0 ? (
                <p className="text-sm text-slate-600">No open tasks.</p>
              ) : (
                <ul className="space-y-2.5" data-testid="upcoming-tasks">
                  {data.upcomingTasks.map((t) => (
                    <li key={t.id} className="flex items-start justify-between gap-3 text-sm">
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900">{t.task}</span>
                        <span className={t.due_label === 'Overdue' ? 'text-xs font-medium text-red-700' : 'text-xs text-slate-600'}>
                          {t.due_label}
                          {t.dueDate ? ` · ${t.dueDate}` : ''} · {t.location_name}
                        </span>
                      </span>
                      <Badge tone={PRIORITY_TONE[t.priority]}>{t.priority.charAt(0).toUpperCase() + t.priority.slice(1)}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
          <Card className="p-5">
            <h2 className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
              <CalendarClock className="h-5 w-5 text-slate-500" aria-hidden /> Leases ending in the next 90 days
            </h2>
            {!data ? (
              <Skeleton className="h-24" />
            ) : data.leasesEnding.length === 0 ? (
              <p className="text-sm text-slate-600">No lease ends in the next 90 days.</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3" data-testid="leases-ending">
                {data.leasesEnding.map((l) => (
                  <li key={l.id}>
                    <Link to={`/offices/${l.id}`} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50">
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900">
                          Office {l.office_number} · {l.location_name}
                        </span>
                        <span className="block truncate text-xs text-slate-600">{l.tenant ?? 'No tenant'}</span>
                      </span>
                      <Badge tone={leaseEndTone(l.end_date, now)}>{l.days === 0 ? 'today' : plural(l.days, 'day')}</Badge>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
