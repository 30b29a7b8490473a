import type { ReactNode } from 'react';
import { useCombobox } from 'downshift';
import { cn } from '../lib/cn';
import { Field, controlClass } from './ui/Field';
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
  /** What matches the text now; `loading` while the answer for it is on its way. */
  items: T[];
  loading: boolean;
  itemKey: (item: T) => string;
  /** The text the field takes when the item is picked. */
  itemText: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  onPick: (item: T) => void;
  /** A line under the field: what the text stands for now ("Existing company · 3 contacts"). */
  note?: ReactNode;
  inputProps?: { type?: string; autoComplete?: string; name?: string };
}

/**
 * A text field that suggests existing rows as you type (downshift's combobox: arrows, Enter,
 * Escape, screen-reader roles). Typing stays free text; picking a suggestion fills the field and
 * tells the form which row it was.
 */
export function Suggest<T>({ label, hint, error, className, value, onChange, onBlur, items, loading, itemKey, itemText, renderItem, onPick, note, inputProps }: SuggestProps<T>) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <SuggestControl
          control={control}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          items={items}
          loading={loading}
          itemKey={itemKey}
          itemText={itemText}
          renderItem={renderItem}
          onPick={onPick}
          note={note}
          inputProps={inputProps}
        />
      )}
    </Field>
  );
}

function SuggestControl<T>({
  control,
  value,
  onChange,
  onBlur,
  items,
  loading,
  itemKey,
  itemText,
  renderItem,
  onPick,
  note,
  inputProps,
}: Omit<SuggestProps<T>, 'label' | 'hint' | 'error' | 'className'> & { control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string } }) {
  const { isOpen, highlightedIndex, getMenuProps, getInputProps, getItemProps } = useCombobox<T>({
    items,
    inputId: control.id,
    labelId: `${control.id}-label`,
    inputValue: value,
    selectedItem: null,
    itemToString: (item) => (item ? itemText(item) : ''),
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      onChange(itemText(selectedItem));
      onPick(selectedItem);
    },
  });
  // Open with matches (or while they load); an empty field shows what is offered without typing (a company's contacts).
  const open = isOpen && (items.length > 0 || loading);
  return (
    <div className="relative">
      <input
        className={cn(controlClass, 'h-10')}
        aria-invalid={control['aria-invalid']}
        {...getInputProps({
          onBlur,
          // The form owns the text: each keystroke goes to it straight from the event.
          onChange: (event) => onChange(event.currentTarget.value),
          'aria-describedby': control['aria-describedby'],
          ...inputProps,
        })}
      />
      {loading && isOpen && <Spinner className="absolute top-3 right-3 h-4 w-4" label="Looking for matches" />}
      <ul
        // Named apart from the field (the combobox points at it), so the field's label names one control.
        {...getMenuProps({ 'aria-labelledby': undefined, 'aria-label': 'Suggestions' })}
        className={cn('absolute z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg', !open && 'hidden')}
      >
        {open &&
          items.map((item, index) => (
            <li
              key={itemKey(item)}
              {...getItemProps({ item, index })}
              className={cn('cursor-pointer px-3 py-2 text-sm', highlightedIndex === index && 'bg-brand-50')}
              data-testid="suggestion"
            >
              {renderItem(item)}
            </li>
          ))}
      </ul>
      {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
    </div>
  );
}
