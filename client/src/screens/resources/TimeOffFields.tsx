import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { COMPANY_HOLIDAYS_LABEL, MAX_COMPANY_HOLIDAYS, MAX_VACATION_DAYS, VACATION_DAYS_LABEL } from '@shared/schemas/settings';
import { Field } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import type { TimeOffValues } from './timeOffForm';

/** The two whole numbers of the company's time off, side by side. */
export function TimeOffFields<V extends TimeOffValues>({ register, errors }: { register: UseFormRegister<V>; errors: FieldErrors<V> }) {
  const reg = register as unknown as UseFormRegister<TimeOffValues>;
  const err = errors as FieldErrors<TimeOffValues>;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={COMPANY_HOLIDAYS_LABEL} hint={<span className="text-xs">per year, 0 to {MAX_COMPANY_HOLIDAYS}</span>} error={err.company_holidays?.message}>
        {(control) => <Input {...control} type="number" inputMode="numeric" min={0} max={MAX_COMPANY_HOLIDAYS} step={1} {...reg('company_holidays')} />}
      </Field>
      <Field label={VACATION_DAYS_LABEL} hint={<span className="text-xs">per year, 0 to {MAX_VACATION_DAYS}</span>} error={err.vacation_days?.message}>
        {(control) => <Input {...control} type="number" inputMode="numeric" min={0} max={MAX_VACATION_DAYS} step={1} {...reg('vacation_days')} />}
      </Field>
    </div>
  );
}
