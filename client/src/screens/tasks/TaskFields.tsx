import { useId, useMemo } from 'react';
import { Controller } from 'react-hook-form';
import type { FieldsForm } from '../../forms/fieldsForm';
import { DUE_DATE_MAX, DUE_DATE_MIN, TASK_PRIORITIES, TASK_PRIORITY_LABELS } from '@shared/domain/tasks';
import type { Location } from '@shared/schemas/locations';
import { endpoints } from '../../api/endpoints';
import { LoadFailed } from '../../components/LoadFailed';
import { LocationField } from '../../components/LocationField';
import { Field, Select, Textarea } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { officesAtom } from '../offices/atoms';
import type { TaskFormValues } from './taskForms';
import { LabelledOptions } from './taskUi';

/** The office choice: the offices of the chosen location, loaded into the office cache. */
function OfficeField({ form, location }: { form: FieldsForm<TaskFormValues>; location: Location | null }) {
  const locationId = location?.id ?? '';
  const query = useLiveQuery('offices', `task:${location?.name ?? ''}`, () => (location ? endpoints.offices(location.name) : Promise.resolve([])), (o) => o.location_id === locationId);
  const collection = useAtomValue(officesAtom);
  const here = useMemo(
    () => rowsOf(collection).filter((o) => o.location_id === locationId).sort((a, b) => a.office_number.localeCompare(b.office_number, 'en-US', { numeric: true })),
    [collection, locationId],
  );
  if (query.status === 'error') return <LoadFailed compact title="Failed to load offices" error={query.error} onRetry={query.retry} />;
  const loading = query.status === 'loading' && here.length === 0 && !!location;
  return (
    <Controller
      control={form.control}
      name="office_id"
      render={({ field, fieldState }) => (
        <Field label="Office" hint="(optional)" error={fieldState.error?.message}>
          {(c) => (
            // Controlled, so an office chosen before its location's offices arrive shows once they do.
            <Select {...c} {...field} disabled={!location || loading}>
              <option value="">{!location ? 'Choose a location first' : loading ? 'Loading offices...' : 'No particular office'}</option>
              {here.map((o) => (
                <option key={o.id} value={o.id}>
                  Office {o.office_number} · floor {o.floor}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
    />
  );
}

/**
 * The fields New Task and Edit Task share: title, description, location and one of its offices,
 * priority, who does it (free text, with the names already in use offered), due date.
 */
export function TaskFields({ form, locations, assignees }: { form: FieldsForm<TaskFormValues>; locations: Location[]; assignees: string[] }) {
  const { register, watch, setValue, formState } = form;
  const { errors } = formState;
  const listId = useId();
  const locationId = watch('location_id');
  const location = locations.find((l) => l.id === locationId) ?? null;
  // Another location's offices are not this one's: the office choice starts again.
  const locationField = register('location_id', { onChange: () => setValue('office_id', '') });

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label="Title" className="sm:col-span-2" error={errors.title?.message}>
        {(c) => <Input {...c} placeholder="e.g. Fix HVAC in office 402" {...register('title')} />}
      </Field>
      <Field label="Description" className="sm:col-span-2" error={errors.description?.message}>
        {(c) => <Textarea {...c} rows={3} placeholder="What needs doing, and anything the person doing it should know" {...register('description')} />}
      </Field>
      <LocationField locations={locations} registration={locationField} error={errors.location_id?.message} />
      <OfficeField form={form} location={location} />
      <Field label="Priority" error={errors.priority?.message}>
        {(c) => (
          <Select {...c} {...register('priority')}>
            <LabelledOptions values={TASK_PRIORITIES} labels={TASK_PRIORITY_LABELS} />
          </Select>
        )}
      </Field>
      <Field label="Due date" hint="(optional)" error={errors.due_date?.message}>
        {(c) => <Input {...c} type="date" min={DUE_DATE_MIN} max={DUE_DATE_MAX} {...register('due_date')} />}
      </Field>
      <Field label="Assigned to" hint="(optional)" className="sm:col-span-2" error={errors.assigned_to?.message}>
        {(c) => (
          <>
            <Input {...c} list={listId} autoComplete="off" placeholder="A person or team, e.g. Facilities Team" {...register('assigned_to')} />
            <datalist id={listId}>
              {assignees.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </>
        )}
      </Field>
    </div>
  );
}
