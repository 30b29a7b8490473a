import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DoorOpen, Mail, Phone } from 'lucide-react';
import { toast } from 'sonner';
import { may } from '@shared/policy';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { AssignmentCard, BackLink, Detail, EditButton, EmptyNote, ProfileHeader, ProfileUnavailable } from '../../components/ProfileParts';
import { Avatar } from '../../components/ui/Avatar';
import { Badge } from '../../components/ui/Badge';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { Card } from '../../components/ui/Card';
import { Tabs } from '../../components/ui/Tabs';
import { reasonOf } from '../../lib/errorText';
import { sendCommand } from '../../live/command';
import { useLiveRow } from '../../live/useLiveRow';
import { useAtomValue } from '../../state/jotai';
import { membersAtom } from './atoms';
import type { MemberTab } from './memberForms';
import { ActivityTimeline } from '../../components/ActivityTimeline';
import { locationsAtom } from '../../shell/locationAtoms';
import { zoneOf } from '../bookings/locationClock';
import { MemberBookings } from './MemberBookings';
import { officesLabel, officesOf } from './memberOffices';
import { MemberProfileEditor } from './MemberProfileEditor';
import { MEMBERSHIP_TONE } from './MemberRow';
import { logFailure } from '../../lib/logFailure';

export default function MemberProfilePage() {
  const { id } = useParams();
  const user = useUser();
  const writer = may(user, 'member.update');
  const { row: member, ...live } = useLiveRow('members', id, endpoints.member);
  const touched = useAtomValue(membersAtom).touched;
  const locations = useAtomValue(locationsAtom);
  const [tab, setTab] = useState<MemberTab>('overview');
  const [editing, setEditing] = useState(false);
  const [banner, setBanner] = useState<Failure | null>(null);

  if (!id || live.missing || !member) return <ProfileUnavailable hasId={!!id} live={live} noun="Member" failedTitle="Failed to load member" back={{ to: '/members', label: 'Back to members' }} />;

  const contact = { name: member.primary_contact?.name ?? member.contact_name, email: member.primary_contact?.email ?? member.contact_email, phone: member.primary_contact?.phone ?? member.contact_phone };

  /** The company leaves one office: its own (office_id), or another one a signed deal leased it. */
  const unassign = async (officeId: string) => {
    setBanner(null);
    const own = officeId === member.office_id;
    try {
      await sendCommand({
        entity: 'members',
        id: member.id,
        version: member.version,
        send: (meta) => endpoints.assignMemberOffice(member.id, null, meta, own ? undefined : officeId),
      });
      toast.success(own && officesOf(member).length === 1 ? `${member.company_name} no longer has an office` : `${member.company_name} left the office`);
    } catch (e) {
      logFailure('Failed to unassign member', e);
      setBanner({ title: 'Failed to unassign member', reason: reasonOf(e) });
    }
  };

  const employees =
    (member.employees?.length ?? 0) === 0 ? (
      <EmptyNote>No employees yet</EmptyNote>
    ) : (
      <ul className="grid gap-3 sm:grid-cols-2">
        {member.employees.map((e) => (
          <li key={e.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
            <Avatar name={e.name} id={e.id} className="ring-0" />
            <div className="min-w-0 text-sm">
              <p className="truncate font-medium text-slate-900">{e.name}</p>
              {e.role && <p className="truncate text-xs text-slate-500">{e.role}</p>}
              <a href={`mailto:${e.email}`} className="block truncate text-xs text-brand-700 hover:underline">
                {e.email}
              </a>
            </div>
          </li>
        ))}
      </ul>
    );
  const offices = officesOf(member);
  const office = offices.length > 0 ? (
    <ul className="space-y-3" aria-label={officesLabel(offices)}>
      {offices.map((o) => (
        <li key={o.id}>
          <AssignmentCard icon={<DoorOpen className="h-5 w-5" />} label={o.id === member.office_id ? 'Assigned office' : 'Also leased'} onUnassign={writer ? () => void unassign(o.id) : undefined}>
            <Link to={`/offices/${o.id}`} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">
              Office {o.office_number} · {member.location_name}
            </Link>
          </AssignmentCard>
        </li>
      ))}
    </ul>
  ) : (
    <EmptyNote>
      No office assigned. Assign one from the{' '}
      <Link to="/members" className="text-brand-700 hover:underline">
        Member Directory
      </Link>
      .
    </EmptyNote>
  );
  const readOnly = tab === 'employees' ? employees : office;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <BackLink to="/members" label="Back to members" />
      <ProfileHeader
        touch={touched[member.id]}
        eyebrow={member.location_name}
        title={
          <>
            {member.company_name} <Badge tone={MEMBERSHIP_TONE[member.membership_type] ?? 'grey'}>{member.membership_type}</Badge>
          </>
        }
      >
        {writer && !editing && (
          <EditButton
            onEdit={() => {
              setBanner(null);
              setEditing(true);
              setTab('overview');
            }}
          />
        )}
      </ProfileHeader>

      {banner && <ErrorBanner title={banner.title} message={banner.reason} onDismiss={() => setBanner(null)} />}

      <Card className="p-4 sm:p-6">
        <Tabs
          label="Member sections"
          value={tab}
          onChange={setTab}
          tabs={[
            { key: 'overview', label: 'Overview' },
            { key: 'employees', label: `Employees (${member.employees?.length ?? 0})` },
            { key: 'office', label: 'Office Assignment' },
            { key: 'activity', label: 'Activity' },
          ]}
        >
          {editing ? (
            <MemberProfileEditor member={member} tab={tab} onTab={setTab} onDone={() => setEditing(false)} readOnly={readOnly} />
          ) : tab === 'activity' ? (
            <ActivityTimeline entityId={member.id} refreshKey={member.version} />
          ) : tab === 'overview' ? (
            <dl className="grid gap-5 sm:grid-cols-3">
              <Detail label="Company">{member.company_name}</Detail>
              <Detail label="Membership">{member.membership_type}</Detail>
              <Detail label="Location">{member.location_name}</Detail>
              <Detail label="Primary contact">{contact.name}</Detail>
              <Detail label="Email">
                <a href={`mailto:${contact.email}`} className="inline-flex items-center gap-1.5 break-all text-brand-700 hover:underline">
                  <Mail className="h-3.5 w-3.5" aria-hidden /> {contact.email}
                </a>
              </Detail>
              <Detail label="Phone">
                <span className="inline-flex items-center gap-1.5">
                  <Phone className="h-3.5 w-3.5 text-slate-400" aria-hidden /> {contact.phone || '—'}
                </span>
              </Detail>
              <Detail label="Member since">{new Date(member.created_at).toLocaleDateString('en-US', { dateStyle: 'long' })}</Detail>
            </dl>
          ) : (
            readOnly
          )}
        </Tabs>
      </Card>

      <MemberBookings memberId={member.id} zone={zoneOf(locations.byId[member.location_id])} />
    </div>
  );
}
