import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AddEmployeeInput, CreateMemberInput, DEFAULT_MEMBERSHIP_TYPE, MEMBERSHIP_TYPES, type Member } from '@shared/schemas/members';
import type { Location } from '@shared/schemas/locations';
import { formatCurrency } from '@shared/domain/money';
import { endpoints } from '../../api/endpoints';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { LocationField } from '../../components/LocationField';
import { Field, FormError, Select } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { rowsOf } from '../../live/collection';
import { sendCommand } from '../../live/command';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { cn } from '../../lib/cn';
import { officesAtom } from '../offices/atoms';

interface CompanyForm {
  company_name: string;
  location_id: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  membership_type: string;
}

export function AddCompanyDialog({ locations, defaultLocationId, onClose, onError, error, onDismissError }: ActionDialogProps & { locations: Location[]; defaultLocationId: string }) {
  const { register, handleSubmit, formState } = useForm<CompanyForm>({
    defaultValues: { company_name: '', location_id: defaultLocationId, contact_name: '', contact_email: '', contact_phone: '', membership_type: DEFAULT_MEMBERSHIP_TYPE },
  });
  const [message, setMessage] = useState<string | null>(null);
  const submit = handleSubmit(async (v) => {
    const parsed = CreateMemberInput.safeParse({
      company_name: v.company_name,
      location_id: v.location_id,
      primary_contact: { name: v.contact_name, email: v.contact_email, phone: v.contact_phone },
      membership_type: v.membership_type,
    });
    if (!parsed.success) return setMessage(parsed.error.issues[0]?.message ?? 'Company name, location, contact name, and contact email are required');
    setMessage(null);
    try {
      await sendCommand({ entity: 'members', send: (meta) => endpoints.createMember(parsed.data, meta) });
      toast.success(`${parsed.data.company_name} added`);
      onClose();
    } catch (e) {
      onError('Failed to add company', e);
    }
  });
  return (
    <ActionDialog
      title="Add Company"
      onClose={onClose}
      error={error}
      onDismissError={onDismissError}
      primary={{ form: 'add-company-form', label: 'Add Company', busyLabel: 'Adding...', busy: formState.isSubmitting }}
    >
      <form id="add-company-form" onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Company name">{(id) => <Input id={id} autoFocus {...register('company_name')} />}</Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <LocationField locations={locations} registration={register('location_id')} />
          <Field label="Membership type">
            {(id) => (
              <Select id={id} {...register('membership_type')}>
                {MEMBERSHIP_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Primary contact</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Contact name">{(id) => <Input id={id} {...register('contact_name')} />}</Field>
            <Field label="Contact email">{(id) => <Input id={id} type="email" {...register('contact_email')} />}</Field>
            <Field label="Contact phone" hint="(optional)">{(id) => <Input id={id} type="tel" {...register('contact_phone')} />}</Field>
          </div>
        </fieldset>
        <FormError message={message} />
      </form>
    </ActionDialog>
  );
}

interface EmployeeForm {
  name: string;
  email: string;
  role: string;
}

export function AddEmployeeDialog({ member, onClose, onError, error, onDismissError }: ActionDialogProps & { member: Member }) {
  const { register, handleSubmit, formState } = useForm<EmployeeForm>({ defaultValues: { name: '', email: '', role: '' } });
  const [message, setMessage] = useState<string | null>(null);
  const submit = handleSubmit(async (v) => {
    const parsed = AddEmployeeInput.safeParse(v);
    if (!parsed.success) return setMessage(parsed.error.issues[0]?.message ?? 'Name and email are required');
    setMessage(null);
    try {
      const body = { name: parsed.data.name, email: parsed.data.email, role: parsed.data.role };
      await sendCommand({ entity: 'members', id: member.id, send: (meta) => endpoints.addEmployee(member.id, body, meta) });
      toast.success(`${parsed.data.name} added to ${member.company_name}`);
      onClose();
    } catch (e) {
      onError('Failed to add employee', e);
    }
  });
  return (
    <ActionDialog
      title="Add Employee"
      description={member.company_name}
      onClose={onClose}
      error={error}
      onDismissError={onDismissError}
      primary={{ form: 'add-employee-form', label: 'Add Employee', busyLabel: 'Adding...', busy: formState.isSubmitting }}
    >
      <form id="add-employee-form" onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Name">{(id) => <Input id={id} autoFocus {...register('name')} />}</Field>
        <Field label="Email">{(id) => <Input id={id} type="email" {...register('email')} />}</Field>
        <Field label="Role" hint="(optional)">{(id) => <Input id={id} {...register('role')} />}</Field>
        <FormError message={message} />
      </form>
    </ActionDialog>
  );
}

/** Lists only VACANT offices of the company's location. */
export function AssignOfficeDialog({ member, onClose, onError, error, onDismissError }: ActionDialogProps & { member: Member }) {
  const query = useLiveQuery('offices', member.location_name, () => endpoints.offices(member.location_name), (o) => o.location_id === member.location_id);
  const offices = useAtomValue(officesAtom);
  const vacant = useMemo(
    () =>
      rowsOf(offices)
        .filter((o) => o.status === 'VACANT' && o.location_id === member.location_id)
        .sort((a, b) => a.office_number.localeCompare(b.office_number, 'en', { numeric: true })),
    [offices, member.location_id],
  );
  const [officeId, setOfficeId] = useState('');
  const [busy, setBusy] = useState(false);
  const assign = async () => {
    if (!officeId) return;
    setBusy(true);
    try {
      await sendCommand({ entity: 'members', id: member.id, send: (meta) => endpoints.assignMemberOffice(member.id, officeId, meta) });
      toast.success(`Office assigned to ${member.company_name}`);
      onClose();
    } catch (e) {
      onError('Failed to assign office to member', e);
    } finally {
      setBusy(false);
    }
  };
  const loading = query.status === 'loading' && vacant.length === 0;
  return (
    <ActionDialog
      title="Assign Office"
      description={`${member.company_name} · ${member.location_name}`}
      onClose={onClose}
      error={error}
      onDismissError={onDismissError}
      primary={{ onClick: assign, label: 'Assign Office', busyLabel: 'Assigning...', busy, disabled: !officeId }}
    >
      {loading ? (
        <p className="py-6 text-center text-sm text-slate-500">Loading offices...</p>
      ) : vacant.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-sm text-slate-500">No vacant offices available for assignment</p>
      ) : (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Vacant offices at {member.location_name}</legend>
          <ul className="max-h-72 space-y-2 overflow-y-auto pr-1" data-testid="vacant-offices">
            {vacant.map((o) => (
              <li key={o.id}>
                <label
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm',
                    officeId === o.id ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                  )}
                >
                  <input type="radio" name="office" value={o.id} checked={officeId === o.id} onChange={() => setOfficeId(o.id)} className="accent-brand-600" />
                  <span className="flex-1">
                    <span className="font-medium text-slate-900">Office {o.office_number}</span>
                    <span className="block text-xs text-slate-500">
                      {o.type} · {o.desks} {o.desks === 1 ? "desk" : "desks"} · Floor {o.floor}
                    </span>
                  </span>
                  <span className="text-xs font-medium text-slate-700 tabular-nums">{formatCurrency(o.marketed_rates?.monthly)}/mo</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </ActionDialog>
  );
}
