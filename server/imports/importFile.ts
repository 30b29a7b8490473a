import { IMPORT_KINDS_SPEC, detectMapping, type ImportInput, type ImportPreview } from '@shared/imports';
import type { Actor } from '@shared/domain/access';
import type { CommandContext, HandleCommand } from '../../events/handleCommand';
import type { Db } from '../../events/store/types';
import { HttpError } from '../httpError';
import { checkRow, loadLookups, type CheckedRow } from './kinds';
import { parseCsv } from './parseCsv';

/** Rows checked between pauses that let other requests run. */
const SLICE = 500;
const breathe = () => new Promise((resolve) => setImmediate(resolve));

interface CheckedFile {
  preview: ImportPreview;
  checked: CheckedRow[];
}

/**
 * Reads and checks a whole file: the mapping (detected, or the one the user chose), the columns
 * a kind cannot do without, and each row's problems, duplicates within the file included (the
 * later row is the duplicate). Nothing is written.
 */
export async function checkFile(db: Db, actor: Actor, input: ImportInput): Promise<CheckedFile> {
  const spec = IMPORT_KINDS_SPEC[input.kind];
  const { headers, rows } = await parseCsv(input.csv);
  if (input.mapping && input.mapping.length !== headers.length) throw new HttpError(400, `The mapping names ${input.mapping.length} columns; the file has ${headers.length}`);
  const known = new Set(spec.fields.map((f) => f.field));
  const unknown = (input.mapping ?? []).find((f) => f !== null && !known.has(f));
  if (unknown) throw new HttpError(400, `Unknown column “${unknown}” for ${input.kind}`);
  const mapping = input.mapping ?? detectMapping(input.kind, headers);
  const mapped = new Set(mapping.filter((f): f is string => f !== null));
  const problems = spec.fields.filter((f) => f.required && !mapped.has(f.field)).map((f) => `No column for ${f.label.toLowerCase()}: name one in the mapping`);

  const lookups = await loadLookups(db, input.kind, actor);
  const firstLine = new Map<string, number>();
  const checked: CheckedRow[] = [];
  const previewRows: ImportPreview['rows'] = [];
  for (const [i, row] of rows.entries()) {
    if (i % SLICE === SLICE - 1) await breathe();
    const values: Record<string, string> = {};
    mapping.forEach((f, column) => {
      if (f !== null) values[f] = row.cells[column] ?? '';
    });
    let result: CheckedRow = problems.length > 0 ? { problems: [] } : checkRow(input.kind, values, lookups);
    if (result.key !== undefined) {
      const first = firstLine.get(result.key);
      if (first !== undefined) result = { problems: [`Same ${spec.noun} as line ${first}`] };
      else firstLine.set(result.key, row.line);
    }
    checked.push(result);
    previewRows.push({ line: row.line, values, problems: result.problems, notes: result.notes ?? [] });
  }
  const valid = problems.length > 0 ? 0 : checked.filter((r) => r.command).length;
  return {
    checked,
    preview: { kind: input.kind, headers, mapping, problems, rows: previewRows, valid, invalid: rows.length - valid },
  };
}

/**
 * Imports the valid rows of a checked file: one command per row, all in one bulk transaction
 * (every row or none), telling `progress` how far it got. Rows with problems are skipped.
 */
export async function importRows(
  handle: HandleCommand,
  file: CheckedFile,
  context: CommandContext,
  progress: (done: number, total: number) => void,
): Promise<{ imported: number; skipped: number; positions: [number, number] | null }> {
  const commands = file.checked.flatMap((row) => (row.command ? [row.command] : []));
  if (file.preview.problems.length > 0 || commands.length === 0) return { imported: 0, skipped: file.checked.length, positions: null };
  const results = await handle.transaction(async (run) => {
    const out = [];
    for (const [i, command] of commands.entries()) {
      out.push((await command(run, context)) as { events: { position: number }[] });
      if (i % 100 === 99) progress(i + 1, commands.length);
    }
    return out;
  }, { bulk: true });
  progress(commands.length, commands.length);
  const positions = results.flatMap((r) => r.events.map((e) => e.position));
  return {
    imported: commands.length,
    skipped: file.checked.length - commands.length,
    positions: positions.length > 0 ? [Math.min(...positions), Math.max(...positions)] : null,
  };
}
