import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { COMPANY_HOLIDAYS_LABEL, MAX_COMPANY_HOLIDAYS, MAX_VACATION_DAYS, VACATION_DAYS_LABEL } from '@shared/schemas/settings';
import { Field } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import type { TimeOffValues } from './timeOffForm';

type TimeOffName = keyof TimeOffValues;

/**
 * The two whole numbers of the company's time off, side by side. It takes any form holding them
 * (the Time Off dialog's, the System tab's): its `register` and `errors` fit these props as they are.
 */
export function TimeOffFields({ register, errors }: { register: (name: TimeOffName) => UseFormRegisterReturn; errors: Partial<Record<TimeOffName, FieldError>> }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={COMPANY_HOLIDAYS_LABEL} hint={<span className="text-xs">per year, 0 to {MAX_COMPANY_HOLIDAYS}</span>} error={errors.company_holidays?.message}>
        {(control) => <Input {...control} type="number" inputMode="numeric" min={0} max={MAX_COMPANY_HOLIDAYS} step={1} {...register('company_holidays')} />}
      </Field>
      <Field label={VACATION_DAYS_LABEL} hint={<span className="text-xs">per year, 0 to {MAX_VACATION_DAYS}</span>} error={errors.vacation_days?.message}>
        {(control) => <Input {...control} type="number" inputMode="numeric" min={0} max={MAX_VACATION_DAYS} step={1} {...register('vacation_days')} />}
      </Field>
    </div>
  );
}
