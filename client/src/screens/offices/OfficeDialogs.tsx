import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Mail, Phone, Star, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { leaseEndDate } from '../../../../shared/domain/lease';
import type { Location } from '../../../../shared/schemas/locations';
import { AddOfficeContactInput, CreateOfficeInput, DEFAULT_OFFICE_TYPE, OFFICE_STATUSES, type Office, type OfficeStatus } from '../../../../shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { Badge } from '../../components/ui/Badge';
import { ErrorBanner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field, FormError, Select } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { rowsOf } from '../../live/collection';
import { markOwnChange } from '../../live/highlight';
import { useLiveLoad } from '../../live/useLiveLoad';
import { membersAtom } from '../members/atoms';
import { formatDate } from './officeUi';

export interface DialogProps {
  office: Office;
  onClose: () => void;
  /** Shows the spec's banner (on the page, and here while the dialog is open). */
  onError: (message: string, error: unknown) => void;
  error: string | null;
  onDismissError: () => void;
}

/** An empty text field means null; otherwise a number (NaN stays NaN for validation). */
export function numberOrNull(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  return Number(value);
}

function DialogError({ error, onDismiss }: { error: string | null; onDismiss: () => void }) {
  return error ? (
    <div className="mb-4">
      <ErrorBanner message={error} onDismiss={onDismiss} />
    </div>
  ) : null;
}

export function EditStatusDialog({ office, onClose, onError, error, onDismissError }: DialogProps) {
  const [status, setStatus] = useState<OfficeStatus>(office.status);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      markOwnChange(office.id);
      await endpoints.changeOfficeStatus(office.id, status);
      toast.success(`Office ${office.office_number} is now ${status}`);
      onClose();
    } catch (e) {
      onError('Failed to update office status', e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit Office Status"
      description={`Office ${office.office_number} · ${office.location_name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={busy}>
            {busy ? 'Saving...' : 'Update Status'}
          </Button>
        </>
      }
    >
      <DialogError error={error} onDismiss={onDismissError} />
      <Field label="Status">
        {(id) => (
          <Select id={id} value={status} onChange={(e) => setStatus(e.target.value as OfficeStatus)}>
            {OFFICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </Dialog>
  );
}

interface RatesForm {
  monthly: string;
  six_month: string;
  twelve_month: string;
  signed_rate: string;
  term_months: string;
  start_date: string;
}

export function EditRatesDialog({ office, onClose, onError, error, onDismissError }: DialogProps) {
  const rates = office.marketed_rates ?? { monthly: 0, six_month: 0, twelve_month: 0 };
  const { register, handleSubmit, watch, formState } = useForm<RatesForm>({
    defaultValues: {
      monthly: String(rates.monthly ?? 0),
      six_month: String(rates.six_month ?? 0),
      twelve_month: String(rates.twelve_month ?? 0),
      signed_rate: office.signed_rate === null || office.signed_rate === undefined ? '' : String(office.signed_rate),
      term_months: office.lease_info?.term_months ? String(office.lease_info.term_months) : '',
      start_date: office.lease_info?.start_date?.slice(0, 10) ?? '',
    },
  });
  const [message, setMessage] = useState<string | null>(null);
  const term = numberOrNull(watch('term_months'));
  const start = watch('start_date');
  const end = term && start ? leaseEndDate(start, term) : null;

  const submit = handleSubmit(async (values) => {
    const money = [values.monthly, values.six_month, values.twelve_month, values.signed_rate].map(numberOrNull);
    if (money.some((v) => v !== null && (Number.isNaN(v) || v < 0))) return setMessage('Rates must be numbers of 0 or more');
    const termMonths = numberOrNull(values.term_months);
    if (termMonths !== null && (!Number.isInteger(termMonths) || termMonths < 1)) return setMessage('Lease term must be a whole number of months');
    setMessage(null);
    const startDate = values.start_date || null;
    try {
      markOwnChange(office.id);
      await endpoints.updateOffice(office.id, {
        marketed_rates: { monthly: money[0] ?? 0, six_month: money[1] ?? 0, twelve_month: money[2] ?? 0 },
        signed_rate: money[3],
        lease_info: { term_months: termMonths, start_date: startDate, end_date: leaseEndDate(startDate, termMonths) },
      });
      toast.success(`Rates and lease of office ${office.office_number} saved`);
      onClose();
    } catch (e) {
      onError('Failed to update office rates', e);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Edit Rates & Lease Info"
      description={`Office ${office.office_number} · ${office.location_name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="rates-form" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <DialogError error={error} onDismiss={onDismissError} />
      <form id="rates-form" onSubmit={submit} className="space-y-4" noValidate>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Marketed rates (per month)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Monthly">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" {...register('monthly')} />}</Field>
            <Field label="6-month">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" {...register('six_month')} />}</Field>
            <Field label="12-month">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" {...register('twelve_month')} />}</Field>
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Lease</legend>
          <Field label="Signed rate" hint="(monthly)">
            {(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" placeholder="Not signed" {...register('signed_rate')} />}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Lease term" hint="(months)">{(id) => <Input id={id} type="number" min={1} step={1} inputMode="numeric" {...register('term_months')} />}</Field>
            <Field label="Start date">{(id) => <Input id={id} type="date" {...register('start_date')} />}</Field>
          </div>
          {end && (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900" data-testid="lease-end-date">
              End date: <span className="font-semibold">{formatDate(end)}</span>
            </p>
          )}
        </fieldset>
        <FormError message={message} />
      </form>
    </Dialog>
  );
}

interface AddOfficeForm {
  office_number: string;
  location_id: string;
  type: string;
  desks: string;
  floor: string;
  windowed: boolean;
  monthly: string;
  six_month: string;
  twelve_month: string;
}

export function AddOfficeDialog({
  locations,
  defaultLocationId,
  onClose,
  onError,
  error,
  onDismissError,
}: Omit<DialogProps, 'office'> & { locations: Location[]; defaultLocationId: string }) {
  const { register, handleSubmit, formState } = useForm<AddOfficeForm>({
    defaultValues: { office_number: '', location_id: defaultLocationId, type: DEFAULT_OFFICE_TYPE, desks: '1', floor: '1', windowed: false, monthly: '0', six_month: '', twelve_month: '' },
  });
  const [message, setMessage] = useState<string | null>(null);
  const submit = handleSubmit(async (values) => {
    const parsed = CreateOfficeInput.safeParse({
      office_number: values.office_number,
      location_id: values.location_id,
      type: values.type.trim() || DEFAULT_OFFICE_TYPE,
      desks: numberOrNull(values.desks) ?? 1,
      floor: numberOrNull(values.floor) ?? 1,
      windowed: values.windowed,
      marketed_rates: { monthly: numberOrNull(values.monthly) ?? 0, six_month: numberOrNull(values.six_month) ?? 0, twelve_month: numberOrNull(values.twelve_month) ?? 0 },
    });
    if (!parsed.success) return setMessage(parsed.error.issues[0]?.message ?? 'Office number and location are required');
    setMessage(null);
    try {
      const created = await endpoints.createOffice(parsed.data);
      if (created?.id) markOwnChange(created.id);
      toast.success(`Office ${parsed.data.office_number} created`);
      onClose();
    } catch (e) {
      onError('Failed to create office', e);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Add Office"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="add-office-form" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Creating...' : 'Create Office'}
          </Button>
        </>
      }
    >
      <DialogError error={error} onDismiss={onDismissError} />
      <form id="add-office-form" onSubmit={submit} className="space-y-4" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Office number">{(id) => <Input id={id} autoFocus placeholder="e.g. 301" {...register('office_number')} />}</Field>
          <Field label="Location">
            {(id) => (
              <Select id={id} {...register('location_id')}>
                <option value="">Select a location</option>
                {locations.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Type">{(id) => <Input id={id} {...register('type')} />}</Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Desks">{(id) => <Input id={id} type="number" min={0} step={1} inputMode="numeric" {...register('desks')} />}</Field>
            <Field label="Floor">{(id) => <Input id={id} type="number" step={1} inputMode="numeric" {...register('floor')} />}</Field>
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-600" {...register('windowed')} />
          Windowed
        </label>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">Marketed rates (per month)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Monthly">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" {...register('monthly')} />}</Field>
            <Field label="6-month" hint="(optional)">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" placeholder="0" {...register('six_month')} />}</Field>
            <Field label="12-month" hint="(optional)">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" placeholder="0" {...register('twelve_month')} />}</Field>
          </div>
        </fieldset>
        <FormError message={message} />
      </form>
    </Dialog>
  );
}

export function AssignCompanyDialog({ office, onClose, onError, error, onDismissError }: DialogProps) {
  const members = useLiveLoad(membersAtom, () => endpoints.members(office.location_name), (e) => onError('Failed to load members', e));
  const [memberId, setMemberId] = useState('');
  const [busy, setBusy] = useState(false);
  const candidates = useMemo(
    () =>
      rowsOf(members)
        .filter((m) => m.location_id === office.location_id && !m.office_id)
        .sort((a, b) => a.company_name.localeCompare(b.company_name)),
    [members, office.location_id],
  );
  const current = office.member_id ? (members.byId[office.member_id]?.company_name ?? office.tenant) : office.tenant;

  const assign = async () => {
    if (!memberId) return;
    setBusy(true);
    try {
      markOwnChange(office.id);
      markOwnChange(memberId);
      await endpoints.assignMemberOffice(memberId, office.id);
      toast.success(`Office ${office.office_number} assigned`);
      onClose();
    } catch (e) {
      onError('Failed to assign member to office', e);
    } finally {
      setBusy(false);
    }
  };
  const unassign = async () => {
    if (!office.member_id) return;
    setBusy(true);
    try {
      markOwnChange(office.id);
      markOwnChange(office.member_id);
      await endpoints.assignMemberOffice(office.member_id, null);
      toast.success(`Office ${office.office_number} is now vacant`);
    } catch (e) {
      onError('Failed to unassign member from office', e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Assign Member Company"
      description={`Office ${office.office_number} · ${office.location_name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={assign} disabled={!memberId || busy}>
            {busy ? 'Saving...' : 'Assign Company'}
          </Button>
        </>
      }
    >
      <DialogError error={error} onDismiss={onDismissError} />
      <div className="space-y-4">
        {office.member_id || office.tenant ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
            <div className="text-sm">
              <p className="text-xs text-slate-500">Currently assigned</p>
              <p className="font-medium text-slate-900">{current}</p>
            </div>
            <Button variant="secondary" size="sm" onClick={unassign} disabled={busy || !office.member_id}>
              Unassign
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">No company is assigned to this office.</p>
        )}
        <Field label="Member company">
          {(id) => (
            <Select id={id} value={memberId} onChange={(e) => setMemberId(e.target.value)} disabled={members.status === 'loading' && candidates.length === 0}>
              <option value="">{members.status === 'loading' && candidates.length === 0 ? 'Loading companies...' : 'Select a company'}</option>
              {candidates.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.company_name} ({m.membership_type})
                </option>
              ))}
            </Select>
          )}
        </Field>
        {members.status === 'ready' && candidates.length === 0 && (
          <p className="text-sm text-slate-500">Every member company at {office.location_name} already has an office.</p>
        )}
        <p className="text-xs text-slate-500">Assigning a company makes the office LEASED with that company as tenant.</p>
      </div>
    </Dialog>
  );
}

interface ContactForm {
  name: string;
  email: string;
  phone: string;
  role: string;
  is_primary: boolean;
}

export function ContactsDialog({ office, onClose, onError, error, onDismissError, readOnly }: DialogProps & { readOnly: boolean }) {
  const { register, handleSubmit, reset, formState } = useForm<ContactForm>({ defaultValues: { name: '', email: '', phone: '', role: '', is_primary: false } });
  const [message, setMessage] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const contacts = office.contacts ?? [];
  useEffect(() => setMessage(null), [office.id]);

  const submit = handleSubmit(async (values) => {
    const parsed = AddOfficeContactInput.safeParse(values);
    if (!parsed.success) return setMessage(parsed.error.issues[0]?.message ?? 'Name and email are required');
    setMessage(null);
    try {
      markOwnChange(office.id);
      await endpoints.addOfficeContact(office.id, { ...parsed.data });
      toast.success(`Contact ${parsed.data.name} added`);
      reset();
    } catch (e) {
      onError('Failed to add contact', e);
    }
  });
  const remove = async (contactId: string) => {
    setRemoving(contactId);
    try {
      markOwnChange(office.id);
      await endpoints.removeOfficeContact(office.id, contactId);
      toast.success('Contact removed');
    } catch (e) {
      onError('Failed to remove contact', e);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Manage Contacts"
      description={`Office ${office.office_number} · ${office.location_name}`}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <DialogError error={error} onDismiss={onDismissError} />
      <div className="space-y-5">
        <section aria-label="Contacts">
          {contacts.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">No contacts yet.</p>
          ) : (
            <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200" data-testid="contact-list">
              {contacts.map((c) => (
                <li key={c.id} className="flex items-start justify-between gap-3 px-3 py-2.5" data-contact-id={c.id}>
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {c.name}
                      {c.is_primary && (
                        <Badge tone="blue">
                          <Star className="mr-1 h-3 w-3" aria-hidden />
                          Primary
                        </Badge>
                      )}
                      {c.role && <span className="text-xs font-normal text-slate-500">{c.role}</span>}
                    </p>
                    <p className="flex items-center gap-1.5 truncate text-slate-600">
                      <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden />
                      <a className="truncate hover:underline" href={`mailto:${c.email}`}>
                        {c.email}
                      </a>
                    </p>
                    {c.phone && (
                      <p className="flex items-center gap-1.5 text-slate-600">
                        <Phone className="h-3.5 w-3.5 shrink-0" aria-hidden />
                        {c.phone}
                      </p>
                    )}
                  </div>
                  {!readOnly && (
                    <Button variant="ghost" size="icon" aria-label={`Remove ${c.name}`} onClick={() => remove(c.id)} disabled={removing === c.id}>
                      <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        {!readOnly && (
          <form onSubmit={submit} className="space-y-3 rounded-lg border border-slate-200 p-3" noValidate aria-label="Add contact">
            <h3 className="text-sm font-semibold text-slate-900">Add contact</h3>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Name">{(id) => <Input id={id} {...register('name')} />}</Field>
              <Field label="Email">{(id) => <Input id={id} type="email" {...register('email')} />}</Field>
              <Field label="Phone" hint="(optional)">{(id) => <Input id={id} type="tel" {...register('phone')} />}</Field>
              <Field label="Role" hint="(optional)">{(id) => <Input id={id} {...register('role')} />}</Field>
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-600" {...register('is_primary')} />
              Primary contact
            </label>
            <FormError message={message} />
            <div className="flex justify-end">
              <Button type="submit" size="sm" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Adding...' : 'Add Contact'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
