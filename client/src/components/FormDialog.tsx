import type { FormEventHandler, ReactNode } from 'react';
import { ActionDialog, type ActionDialogProps, type PrimaryAction } from './ActionDialog';

/**
 * A dialog around one form: the notice above it, its fields, and a footer button that submits
 * it (by the form's `id`, since the button sits outside the form). New and Edit dialogs of a kind
 * share one, each with its own title, notice and button.
 */
export type FormDialogProps = ActionDialogProps & {
  id: string;
  title: string;
  description?: string;
  notice: ReactNode;
  primary: Omit<PrimaryAction, 'form'>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Widens the dialog for longer forms. */
  className?: string;
};

export function FormDialog({ id, onSubmit, primary, children, ...dialog }: FormDialogProps & { children: ReactNode }) {
  return (
    <ActionDialog {...dialog} primary={{ ...primary, form: id }}>
      <form id={id} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </ActionDialog>
  );
}
