import type { ReactNode, Ref } from 'react';
import { useCombobox } from 'downshift';
import { Plus } from 'lucide-react';
import { cn } from '../lib/cn';
import type { FetchState } from '../lib/useDebouncedFetch';
import { Field, controlClass, type ControlProps } from './ui/Field';
import { Spinner } from './ui/Spinner';

export interface SuggestProps<T> {
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** The text in the field (a form value). */
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  /** The form's ref for the field, so a refused submit can focus it. */
  inputRef?: Ref<HTMLInputElement>;
  /** The rows matching the text now, as their request stands (idle: nothing asked). */
  found: FetchState<T[]>;
  itemKey: (item: T) => string;
  /** The text the field takes when the item is picked. */
  itemText: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onPick: (item: T) => void;
  /**
   * The last option, for keeping the typed text as a new row ('Create new company “X”'); left out
   * while the field is empty or a match has exactly the typed text. Picking it calls `onCreate`.
   */
  createLabel?: (text: string) => string;
  onCreate?: (text: string) => void;
  /** What the list says when nothing matches ('No company matches “X”'). */
  emptyText: (text: string) => string;
  /** What the matches are, for the count read out ('companies'). */
  noun: string;
  /** A line under the field: what the text stands for now ("Existing company"). */
  note?: ReactNode;
  inputProps?: { type?: string; autoComplete?: string; name?: string };
}

type Option<T> = { kind: 'row'; row: T } | { kind: 'create'; text: string };

/**
 * A text field that suggests existing rows as you type: downshift's WAI-ARIA combobox (arrows,
 * Enter, Escape, Home / End; combobox, listbox and option roles). Typing stays free text; picking
 * a suggestion fills the field and tells the form which row it was; the last option keeps the
 * text as a new row. While the answer is on its way the list says so, and says when nothing
 * matches; the count of matches is read out.
 */
export function Suggest<T>({ label, hint, error, className, ...props }: SuggestProps<T>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => <SuggestControl control={control} {...props} />}
    </Field>
  );
}

function SuggestControl<T>({
  control,
  value,
  onChange,
  onBlur,
  inputRef,
  found,
  itemKey,
  itemText,
  renderItem,
  onPick,
  createLabel,
  onCreate,
  emptyText,
  noun,
  note,
  inputProps,
}: Omit<SuggestProps<T>, 'label' | 'hint' | 'error' | 'className'> & { control: ControlProps }) {
  const text = value.trim();
  const rows = found.status === 'done' ? found.value : [];
  const exact = rows.some((row) => itemText(row).trim().toLowerCase() === text.toLowerCase());
  const options: Option<T>[] = [
    ...rows.map((row) => ({ kind: 'row' as const, row })),
    // Only once the text was looked for: a picked row's text is not asked about again.
    ...(createLabel && text && !exact && (found.status === 'done' || found.status === 'failed') ? [{ kind: 'create' as const, text }] : []),
  ];
  const { isOpen, highlightedIndex, getMenuProps, getInputProps, getItemProps } = useCombobox<Option<T>>({
    items: options,
    inputId: control.id,
    labelId: `${control.id}-label`,
    inputValue: value,
    selectedItem: null,
    itemToString: (option) => (!option ? '' : option.kind === 'row' ? itemText(option.row) : option.text),
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      if (selectedItem.kind === 'create') {
        onChange(selectedItem.text);
        onCreate?.(selectedItem.text);
        return;
      }
      onChange(itemText(selectedItem.row));
      onPick(selectedItem.row);
    },
  });
  const status =
    found.status === 'loading'
      ? `Looking for ${noun}...`
      : found.status === 'failed'
        ? `Could not look for ${noun}: ${found.message}`
        : found.status === 'done' && rows.length === 0
          ? emptyText(text)
          : found.status === 'done'
            ? `${rows.length} ${noun} found`
            : '';
  // Open when there is something to show: options, or a word on the search (loading, none, failed).
  const open = isOpen && (options.length > 0 || found.status !== 'idle');
  const noteId = note ? `${control.id}-note` : undefined;
  const describedBy = [control['aria-describedby'], noteId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="relative">
      <input
        className={cn(controlClass, 'h-10 pr-9')}
        aria-invalid={control['aria-invalid']}
        {...getInputProps({
          ref: inputRef,
          onBlur,
          // The form owns the text: each keystroke goes to it straight from the event.
          onChange: (event) => onChange(event.currentTarget.value),
          'aria-describedby': describedBy,
          ...inputProps,
        })}
      />
      {found.status === 'loading' && isOpen && <Spinner className="absolute top-3 right-3 h-4 w-4" label={`Looking for ${noun}`} />}
      {/* Read out as the matches change; the list itself shows the same words. */}
      <p role="status" className="sr-only">
        {isOpen ? status : ''}
      </p>
      <div className={cn('absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg', !open && 'hidden')}>
        {open && found.status !== 'idle' && rows.length === 0 && (
          <p aria-hidden className={cn('px-3 py-2 text-sm', found.status === 'failed' ? 'text-red-700' : 'text-slate-500')} data-testid="suggest-status">
            {status}
          </p>
        )}
        <ul
          // Named apart from the field (the combobox points at it), so the field's label names one control.
          {...getMenuProps({ 'aria-labelledby': undefined, 'aria-label': `Matching ${noun}` })}
          className="max-h-60 overflow-y-auto py-1 empty:hidden"
        >
          {open &&
            options.map((option, index) => (
              <li
                key={option.kind === 'row' ? itemKey(option.row) : 'create'}
                {...getItemProps({ item: option, index })}
                className={cn('cursor-pointer px-3 py-2 text-sm', highlightedIndex === index && 'bg-brand-50', option.kind === 'create' && 'border-t border-slate-100 text-brand-800')}
                data-testid={option.kind === 'row' ? 'suggestion' : 'suggest-create'}
              >
                {option.kind === 'row' ? (
                  renderItem(option.row)
                ) : (
                  <span className="flex items-center gap-2 font-medium">
                    <Plus className="h-4 w-4" aria-hidden /> {createLabel!(option.text)}
                  </span>
                )}
              </li>
            ))}
        </ul>
      </div>
      {note && (
        <p id={noteId} className="mt-1 text-xs text-slate-600">
          {note}
        </p>
      )}
    </div>
  );
}
