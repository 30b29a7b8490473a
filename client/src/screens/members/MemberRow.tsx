import { memo } from 'react';
import { Link } from 'react-router';
import { Building2, ChevronDown, ChevronRight, DoorOpen, Eye, Mail, Phone, Unlink, UserPlus } from 'lucide-react';
import type { Member } from '@shared/schemas/members';
import { LiveAccent, UpdatedBy } from '../../components/LiveMark';
import { Avatar } from '../../components/ui/Avatar';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import type { Touch } from '../../live/collection';
import { officesLabel, officesOf } from './memberOffices';

export const MEMBERSHIP_TONE: Record<string, BadgeTone> = { Premium: 'purple', Standard: 'blue', Basic: 'grey' };

export type MemberRowDialog = 'employee' | 'assign';

export interface MemberRowProps {
  member: Member;
  /** Its details panel is open. */
  open: boolean;
  /** The member's latest change seen live (marked when someone else made it). */
  touch: Touch | undefined;
  writer: boolean;
  /** Under All Locations: the row names its location. */
  showLocation: boolean;
  onToggle: (id: string) => void;
  onUnassign: (member: Member) => Promise<void>;
  onDialog: (kind: MemberRowDialog, memberId: string) => void;
}

/**
 * One member company in the directory, with its details panel when open. Memoised on the member
 * and stable callbacks: a pushed member re-renders its own row only.
 */
export const MemberRow = memo(function MemberRow({ member: m, open, touch, writer, showLocation, onToggle, onUnassign, onDialog }: MemberRowProps) {
  const panelId = `member-${m.id}-details`;
  return (
    <div className="relative" data-member-id={m.id} data-member-name={m.company_name}>
      <LiveAccent touch={touch} edge />
      <div className="flex flex-wrap items-center gap-3 px-3 py-3 sm:flex-nowrap sm:px-4">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => onToggle(m.id)}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg text-left"
        >
          {open ? <ChevronDown className="h-4 w-4 shrink-0 text-slate-500" aria-hidden /> : <ChevronRight className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />}
          <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600" aria-hidden>
            <Building2 className="h-5 w-5" />
          </div>
          <span className="min-w-0">
            <span className="flex flex-wrap items-center gap-2">
              <span className="truncate font-semibold text-slate-900">{m.company_name}</span>
              <Badge tone={MEMBERSHIP_TONE[m.membership_type] ?? 'grey'}>{m.membership_type}</Badge>
            </span>
            <span className="block truncate text-xs text-slate-500">
              {m.primary_contact?.name ?? m.contact_name} · {m.employees?.length ?? 0} {(m.employees?.length ?? 0) === 1 ? 'employee' : 'employees'}
              {showLocation && ` · ${m.location_name}`}
            </span>
          </span>
        </button>
        <div className="flex w-full flex-wrap items-center justify-between gap-2 pl-7 sm:w-auto sm:justify-end sm:pl-0">
          <UpdatedBy touch={touch} />
          {officesOf(m).length > 0 ? (
            <Badge tone="green" className="gap-1">
              <DoorOpen className="h-3 w-3" aria-hidden /> {officesLabel(officesOf(m))}
            </Badge>
          ) : (
            <Badge tone="grey">No office</Badge>
          )}
          <div className="flex flex-wrap items-center justify-end gap-1">
            {writer &&
              (m.office_id ? (
                <Button variant="ghost" size="sm" onClick={() => void onUnassign(m)} aria-label={`Unassign office from ${m.company_name}`}>
                  <Unlink className="h-4 w-4" aria-hidden /> Unassign
                </Button>
              ) : (
                <Button variant="ghost" size="sm" onClick={() => onDialog('assign', m.id)} aria-label={`Assign office to ${m.company_name}`}>
                  <DoorOpen className="h-4 w-4" aria-hidden /> Assign Office
                </Button>
              ))}
            {writer && (
              <Button variant="ghost" size="sm" onClick={() => onDialog('employee', m.id)} aria-label={`Add employee to ${m.company_name}`}>
                <UserPlus className="h-4 w-4" aria-hidden /> Add Employee
              </Button>
            )}
            <Link
              to={`/members/${m.id}`}
              aria-label={`View ${m.company_name}`}
              className="inline-flex h-8 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <Eye className="h-4 w-4" aria-hidden /> View
            </Link>
          </div>
        </div>
      </div>
      {open && (
        <div id={panelId} className="grid gap-4 bg-slate-50/70 px-4 py-4 sm:px-6 md:grid-cols-3">
          <div>
            <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Primary contact</h3>
            <p className="mt-1 text-sm font-medium text-slate-900">{m.primary_contact?.name ?? m.contact_name}</p>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              <Mail className="h-3.5 w-3.5" aria-hidden />
              <a href={`mailto:${m.primary_contact?.email ?? m.contact_email}`} className="hover:underline">
                {m.primary_contact?.email ?? m.contact_email}
              </a>
            </p>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              <Phone className="h-3.5 w-3.5" aria-hidden />
              {m.primary_contact?.phone ?? m.contact_phone ?? 'No phone'}
            </p>
          </div>
          <div>
            <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Office assignment</h3>
            {officesOf(m).length > 0 ? (
              <ul className="mt-1 space-y-1">
                {officesOf(m).map((o) => (
                  <li key={o.id}>
                    <Link to={`/offices/${o.id}`} className="inline-block text-sm font-medium text-brand-700 hover:underline">
                      Office {o.office_number} · {m.location_name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-500">No office assigned</p>
            )}
          </div>
          <div>
            <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Employees ({m.employees?.length ?? 0})</h3>
            {(m.employees?.length ?? 0) === 0 ? (
              <p className="mt-1 text-sm text-slate-500">No employees yet</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {m.employees.map((e) => (
                  <li key={e.id} className="flex items-center gap-2">
                    <Avatar name={e.name} id={e.id} className="h-7 w-7 text-[11px] ring-0" />
                    <span className="min-w-0 text-sm">
                      <span className="block truncate font-medium text-slate-900">
                        {e.name}
                        {e.role && <span className="font-normal text-slate-500"> · {e.role}</span>}
                      </span>
                      <span className="block truncate text-xs text-slate-500">{e.email}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </div>
  );
});
