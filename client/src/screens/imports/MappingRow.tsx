import { IMPORT_KINDS_SPEC, type ImportKind } from '@shared/imports';
import { Select } from '../../components/ui/Field';

/**
 * The file's columns and what each fills, as found from the header; each can be changed (or
 * ignored), and the file is checked again with the new mapping.
 */
export function MappingRow({
  kind,
  headers,
  mapping,
  disabled,
  onChange,
}: {
  kind: ImportKind;
  headers: string[];
  mapping: (string | null)[];
  disabled: boolean;
  onChange: (mapping: (string | null)[]) => void;
}) {
  const { fields } = IMPORT_KINDS_SPEC[kind];
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Columns in the file</legend>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3">
        {headers.map((header, i) => (
          <label key={`${header}-${i}`} className="block text-sm">
            <span className="mb-1 block truncate font-medium text-slate-800" title={header}>
              {header || `Column ${i + 1}`}
            </span>
            <Select
              value={mapping[i] ?? ''}
              disabled={disabled}
              data-testid="import-mapping"
              onChange={(e) => onChange(mapping.map((m, j) => (j === i ? e.target.value || null : m === e.target.value ? null : m)))}
            >
              <option value="">Ignore this column</option>
              {fields.map((f) => (
                <option key={f.field} value={f.field}>
                  {f.label}
                  {f.required ? ' *' : ''}
                </option>
              ))}
            </Select>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
