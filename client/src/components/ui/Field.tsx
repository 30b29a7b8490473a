import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** What a Field hands its control: the id its label points at, and the error wiring when invalid. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A labelled form row. The label is tied to the one control passed as a render function; an
 * error shows under it, marks the control invalid and is read out with it (aria-describedby).
 */
export function Field({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} id={`${id}-label`} className="block text-sm font-medium text-slate-700">
        {label}
        {/* A real space before the hint: the label reads "Signed rate (monthly)", not "Signed rate(monthly)". */}
        {hint && <span className="font-normal text-slate-500"> {hint}</span>}
      </label>
      {children(error ? { id, 'aria-invalid': true, 'aria-describedby': errorId } : { id })}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}

/** Shared by Input, Select and Textarea: an invalid control is outlined in red. */
export const controlClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-50 aria-invalid:border-red-500 aria-invalid:focus:ring-red-200';

/** A native select styled like Input: keyboard and screen-reader friendly on every device. */
export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...props }, ref) {
  return <select ref={ref} className={cn(controlClass, 'h-10 pr-8', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(controlClass, 'min-h-20 py-2', className)} {...props} />;
});

/** A form-level validation message (the spec's wording), announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
