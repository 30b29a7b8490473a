import { Controller } from 'react-hook-form';
import type { FieldsForm } from '../../forms/fieldsForm';
import { AGREEMENT_TYPES, DEAL_MEMBERSHIP_TYPES, dealValue } from '@shared/domain/deals';
import type { Location } from '@shared/schemas/locations';
import { LocationField } from '../../components/LocationField';
import { Field, Select, Textarea } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { AGREEMENT_LABELS, formatCurrency } from './dealFormat';
import { typedNumber, type DealFormValues } from './dealForms';
import { OfficePicker } from './OfficePicker';
import { CompanyField, ContactFields } from './PartyFields';
import { KeyOptions } from '../../components/ui/Options';


/**
 * The fields Add Deal and Edit Deal share. `locations` makes the location a choice (Add);
 * without it the location is fixed and named.
 */
export function DealFields({ form, locations, locationName }: { form: FieldsForm<DealFormValues>; locations?: Location[]; locationName: (id: string) => string }) {
  const { register, watch, control, formState } = form;
  const { errors } = formState;
  const locationId = watch('location_id');
  const price = typedNumber(watch('offered_price'));
  const months = typedNumber(watch('term_months'));
  const days = typedNumber(watch('term_days'));
  const value = price === null ? null : dealValue(price, months, days);

  return (
    <div className="space-y-5">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Deal</legend>
        <Field label="Deal name" className="sm:col-span-2" error={errors.deal_name?.message}>
          {(c) => <Input {...c} placeholder="e.g. Acme Expansion" {...register('deal_name')} />}
        </Field>
        <CompanyField form={form} />
        {locations ? (
          <LocationField locations={locations} registration={register('location_id')} error={errors.location_id?.message} />
        ) : (
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-700">Location</p>
            <p className="flex h-10 items-center rounded-lg bg-slate-50 px-3 text-sm text-slate-700">{locationName(locationId)}</p>
          </div>
        )}
        <Field label="Agreement type" error={errors.agreement_type?.message}>
          {(c) => (
            <Select {...c} {...register('agreement_type')}>
              <KeyOptions keys={AGREEMENT_TYPES} labels={AGREEMENT_LABELS} />
            </Select>
          )}
        </Field>
        <Field label="Membership" error={errors.membership_type?.message}>
          {(c) => (
            <Select {...c} {...register('membership_type')}>
              {DEAL_MEMBERSHIP_TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </Select>
          )}
        </Field>
      </fieldset>

      <ContactFields form={form} />

      {locationId ? (
        <Controller
          control={control}
          name="office_ids"
          render={({ field, fieldState }) => (
            <OfficePicker locationId={locationId} locationName={locationName(locationId)} value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      ) : (
        <p className="text-sm text-slate-500">Choose a location to add its vacant or pending offices.</p>
      )}

      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Terms and pricing</legend>
        <Field label="Offered price" hint="(monthly)" error={errors.offered_price?.message}>
          {(c) => <Input {...c} type="number" min={0} step="any" inputMode="decimal" {...register('offered_price')} />}
        </Field>
        <Field label="Term (months)" error={errors.term_months?.message}>
          {(c) => <Input {...c} type="number" min={0} step={1} inputMode="numeric" {...register('term_months')} />}
        </Field>
        <Field label="Term (days)" error={errors.term_days?.message}>
          {(c) => <Input {...c} type="number" min={0} max={365} step={1} inputMode="numeric" {...register('term_days')} />}
        </Field>
        <Field label="Start date" hint="(optional)" error={errors.start_date?.message}>
          {(c) => <Input {...c} type="date" {...register('start_date')} />}
        </Field>
        <Field label="Probability" hint="(%)" error={errors.probability?.message}>
          {(c) => <Input {...c} type="number" min={0} max={100} step={1} inputMode="numeric" {...register('probability')} />}
        </Field>
        <Field label="Notice by" hint="(optional)" error={errors.notice_by?.message}>
          {(c) => <Input {...c} placeholder="e.g. 60 days" {...register('notice_by')} />}
        </Field>
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 sm:col-span-3" data-testid="deal-value-preview" aria-live="polite">
          Deal value:{' '}
          <span className="font-semibold tabular-nums">{value === null ? '—' : formatCurrency(value)}</span>
          <span className="text-brand-700"> {months === null && days === null ? '(12 months when no term is set)' : ''}</span>
        </p>
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">More</legend>
        <Field label="Source" hint="(optional)" error={errors.source?.message}>
          {(c) => <Input {...c} placeholder="e.g. Website" {...register('source')} />}
        </Field>
        <Field label="Assigned to" error={errors.assigned_to?.message}>
          {(c) => <Input {...c} {...register('assigned_to')} />}
        </Field>
        <Field label="Notes" hint="(optional)" className="sm:col-span-2" error={errors.notes?.message}>
          {(c) => <Textarea {...c} rows={3} {...register('notes')} />}
        </Field>
      </fieldset>
    </div>
  );
}
