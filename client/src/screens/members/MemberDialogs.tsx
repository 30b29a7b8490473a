import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_MEMBERSHIP_TYPE, MEMBERSHIP_TYPES, REQUIRED_EMPLOYEE, REQUIRED_MEMBER, type Member } from '@shared/schemas/members';
import type { Location } from '@shared/schemas/locations';
import { formatCurrency } from '@shared/domain/money';
import { endpoints } from '../../api/endpoints';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { LocationField } from '../../components/LocationField';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { Field, FormError, Select } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { PrimaryContactFields } from './PrimaryContactFields';
import { requiredSummary } from '../../forms/requiredSummary';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { reasonOf } from '../../lib/errorText';
import { rowsOf } from '../../live/collection';
import { sendCommand } from '../../live/command';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { cn } from '../../lib/cn';
import { officesAtom } from '../offices/atoms';
import { ADD_COMPANY_REQUIRED, AddCompanyForm, EMPLOYEE_REQUIRED, EmployeeForm } from './memberForms';
import { logFailure } from '../../lib/logFailure';

export function AddCompanyDialog({ locations, defaultLocationId, onClose }: ActionDialogProps & { locations: Location[]; defaultLocationId: string }) {
  const { form, onSubmit } = useSchemaForm(AddCompanyForm, {
    company_name: '',
    location_id: defaultLocationId,
    primary_contact: { name: '', email: '', phone: '' },
    membership_type: DEFAULT_MEMBERSHIP_TYPE,
  });
  const { register, formState } = form;
  const { errors } = formState;
  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'members', send: (meta) => endpoints.createMember(body, meta) });
      toast.success(`${body.company_name} added`);
      onClose();
    } catch (e) {
      logFailure('Failed to add company', e);
      showServerError(form, e);
    }
  });
  const missing = requiredSummary(errors, ADD_COMPANY_REQUIRED, REQUIRED_MEMBER);
  return (
    <ActionDialog
      title="Add Company"
      onClose={onClose}
      primary={{ form: 'add-company-form', label: 'Add Company', busyLabel: 'Adding...', busy: formState.isSubmitting }}
      notice={
        (errors.root?.server || missing) && (
          <>
            {errors.root?.server?.message && <ErrorBanner title="Failed to add company" message={errors.root.server.message} />}
            <FormError message={missing} />
          </>
        )
      }
    >
      <form id="add-company-form" onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Company name" error={errors.company_name?.message}>
          {(control) => <Input {...control} {...register('company_name')} />}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <LocationField locations={locations} registration={register('location_id')} error={errors.location_id?.message} />
          <Field label="Membership type" error={errors.membership_type?.message}>
            {(control) => (
              <Select {...control} {...register('membership_type')}>
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
            <PrimaryContactFields register={register} errors={errors.primary_contact} />
          </div>
        </fieldset>
      </form>
    </ActionDialog>
  );
}

export function AddEmployeeDialog({ member, onClose }: ActionDialogProps & { member: Member }) {
  const { form, onSubmit } = useSchemaForm(EmployeeForm, { name: '', email: '', role: '' });
  const { register, formState } = form;
  const { errors } = formState;
  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'members', id: member.id, send: (meta) => endpoints.addEmployee(member.id, body, meta) });
      toast.success(`${body.name} added to ${member.company_name}`);
      onClose();
    } catch (e) {
      logFailure('Failed to add employee', e);
      showServerError(form, e);
    }
  });
  const missing = requiredSummary(errors, EMPLOYEE_REQUIRED, REQUIRED_EMPLOYEE);
  return (
    <ActionDialog
      title="Add Employee"
      description={member.company_name}
      onClose={onClose}
      primary={{ form: 'add-employee-form', label: 'Add Employee', busyLabel: 'Adding...', busy: formState.isSubmitting }}
      notice={
        (errors.root?.server || missing) && (
          <>
            {errors.root?.server?.message && <ErrorBanner title="Failed to add employee" message={errors.root.server.message} />}
            <FormError message={missing} />
          </>
        )
      }
    >
      <form id="add-employee-form" onSubmit={submit} className="space-y-4" noValidate>
        <Field label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} {...register('name')} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" {...register('email')} />}
        </Field>
        <Field label="Role" hint="(optional)" error={errors.role?.message}>
          {(control) => <Input {...control} {...register('role')} />}
        </Field>
      </form>
    </ActionDialog>
  );
}

/** Lists only VACANT offices of the company's location. */
export function AssignOfficeDialog({ member, onClose }: ActionDialogProps & { member: Member }) {
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
  const [failure, setFailure] = useState<Failure | null>(null);
  const assign = async () => {
    if (!officeId) return;
    setBusy(true);
    setFailure(null);
    try {
      await sendCommand({ entity: 'members', id: member.id, send: (meta) => endpoints.assignMemberOffice(member.id, officeId, meta) });
      toast.success(`Office assigned to ${member.company_name}`);
      onClose();
    } catch (e) {
      logFailure('Failed to assign office to member', e);
      setFailure({ title: 'Failed to assign office to member', reason: reasonOf(e) });
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
      notice={failure && <ErrorBanner title={failure.title} message={failure.reason} onDismiss={() => setFailure(null)} />}
      primary={{ onClick: assign, label: 'Assign Office', busyLabel: 'Assigning...', busy, disabled: !officeId }}
    >
      {query.status === 'error' ? (
        <LoadFailed compact title="Failed to load offices" error={query.error} onRetry={query.retry} />
      ) : loading ? (
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
