import type { UseFormRegisterReturn } from 'react-hook-form';
import { CRM_STATUSES } from '@shared/schemas/crm';
import { Field, Select, Textarea } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';

/** What a contact's or company's field is given: its registration and its error, if any. */
interface PartProps {
  registration: UseFormRegisterReturn;
  error?: string;
}

/** The CRM status (Prospect first, as new rows start). */
export function StatusField({ registration, error }: PartProps) {
  return (
    <Field label="Status" error={error}>
      {(c) => (
        <Select {...c} {...registration}>
          {CRM_STATUSES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </Select>
      )}
    </Field>
  );
}

export function LeadSourceField({ registration, error }: PartProps) {
  return (
    <Field label="Lead source" hint="(optional)" error={error}>
      {(c) => <Input {...c} {...registration} />}
    </Field>
  );
}

export function NotesField({ registration, error }: PartProps) {
  return (
    <Field label="Notes" hint="(optional)" className="sm:col-span-2" error={error}>
      {(c) => <Textarea {...c} rows={3} {...registration} />}
    </Field>
  );
}
