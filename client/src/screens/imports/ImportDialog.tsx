import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { CheckCircle2, FileUp, TriangleAlert } from 'lucide-react';
import { IMPORT_KINDS_SPEC, MAX_IMPORT_CHARS, type ImportKind, type ImportPreview } from '@shared/imports';
import { IMPORT_TOO_LARGE, previewImport, runImport } from '../../api/imports';
import { ErrorBanner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { reasonOf as errorText } from '../../lib/errorText';
import { cn } from '../../lib/cn';
import { MappingRow } from './MappingRow';
import { PreviewTable } from './PreviewTable';

type Step =
  | { kind: 'choose' }
  | { kind: 'checking' }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'importing'; preview: ImportPreview; done: number; total: number }
  | { kind: 'finished'; imported: number; skipped: number }
  | { kind: 'failed'; message: string; preview: ImportPreview };

const plural = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Import rows of one kind from a CSV file: choose (or drop) a file, see every row with its
 * problems and the column mapping found in the header (each column can be remapped), then import
 * the valid rows in one go with a progress bar and a summary. New rows reach every screen live.
 */
export function ImportDialog({ kind, open, onOpenChange }: { kind: ImportKind; open: boolean; onOpenChange: (open: boolean) => void }) {
  const spec = IMPORT_KINDS_SPEC[kind];
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const reset = () => {
    setStep({ kind: 'choose' });
    setFile(null);
    setError(null);
  };
  const close = (next: boolean) => {
    // An import in progress runs to its end on the server; the dialog stays until it is done.
    if (!next && step.kind === 'importing') return;
    onOpenChange(next);
    if (!next) reset();
  };

  async function check(text: string, mapping?: (string | null)[]) {
    setError(null);
    setStep({ kind: 'checking' });
    try {
      setStep({ kind: 'preview', preview: await previewImport({ kind, csv: text, ...(mapping ? { mapping } : {}) }) });
    } catch (e) {
      setError(errorText(e));
      setStep({ kind: 'choose' });
    }
  }

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_CHARS) {
      setError(IMPORT_TOO_LARGE);
      return;
    }
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    await check(text);
  }

  async function start(preview: ImportPreview) {
    if (!file) return;
    setError(null);
    setStep({ kind: 'importing', preview, done: 0, total: preview.valid });
    try {
      await runImport({ kind, csv: file.text, mapping: preview.mapping }, (line) => {
        if (line.type === 'progress') setStep({ kind: 'importing', preview, done: line.done, total: line.total });
        else if (line.type === 'done') setStep({ kind: 'finished', imported: line.imported, skipped: line.skipped });
        else setStep({ kind: 'failed', message: line.message, preview });
      });
    } catch (e) {
      setStep({ kind: 'failed', message: errorText(e), preview });
    }
  }

  const preview = step.kind === 'preview' || step.kind === 'importing' || step.kind === 'failed' ? step.preview : null;
  const footer =
    step.kind === 'finished' ? (
      <Button onClick={() => close(false)}>Done</Button>
    ) : (
      <>
        <Button variant="secondary" onClick={() => (preview ? reset() : close(false))} disabled={step.kind === 'importing'}>
          {preview ? 'Choose another file' : 'Cancel'}
        </Button>
        {preview && (
          <Button onClick={() => void start(preview)} disabled={step.kind !== 'preview' || preview.valid === 0} data-testid="import-start">
            {step.kind === 'importing' ? <Spinner className="h-4 w-4" /> : null}
            Import {plural(preview.valid, spec.noun)}
          </Button>
        )}
      </>
    );

  return (
    <Dialog open={open} onOpenChange={close} title={`Import ${kind} from CSV`} description={file ? file.name : `One ${spec.noun} per row; the first row names the columns.`} className="max-w-5xl" footer={footer}>
      {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
      {step.kind === 'choose' && (
        <div
          onDragOver={(e: DragEvent) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(e: DragEvent) => {
            e.preventDefault();
            setDragging(false);
            void choose(e.dataTransfer.files[0]);
          }}
          className={cn('mt-2 flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center', dragging ? 'border-brand-400 bg-brand-50' : 'border-slate-300')}
        >
          <FileUp className="h-8 w-8 text-slate-400" aria-hidden />
          <p className="text-sm text-slate-700">Drop a CSV file here, or</p>
          <Button variant="secondary" onClick={() => input.current?.click()}>
            Choose a file
          </Button>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-label="CSV file"
            onChange={(e: ChangeEvent<HTMLInputElement>) => void choose(e.target.files?.[0])}
          />
          <p className="text-xs text-slate-500">
            Columns: {spec.fields.map((f) => `${f.label}${f.required ? ' (required)' : ''}`).join(', ')}
          </p>
        </div>
      )}
      {step.kind === 'checking' && (
        <p className="flex items-center justify-center gap-2 py-10 text-sm text-slate-600" role="status">
          <Spinner className="h-4 w-4" /> Reading the file…
        </p>
      )}
      {preview && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700" data-testid="import-summary">
            {plural(preview.rows.length, 'row')}: <strong>{preview.valid.toLocaleString('en-US')} ready to import</strong>
            {preview.invalid > 0 && <>, {plural(preview.invalid, 'row')} with problems (left out)</>}.
          </p>
          {preview.problems.map((p) => (
            <ErrorBanner key={p} message={p} />
          ))}
          <MappingRow
            kind={kind}
            headers={preview.headers}
            mapping={preview.mapping}
            disabled={step.kind !== 'preview'}
            onChange={(mapping) => file && void check(file.text, mapping)}
          />
          <PreviewTable kind={kind} preview={preview} />
          {step.kind === 'importing' && <ImportProgressBar done={step.done} total={step.total} noun={spec.noun} />}
          {step.kind === 'failed' && <ErrorBanner title="The import did not run" message={step.message} />}
        </div>
      )}
      {step.kind === 'finished' && (
        <div className="flex flex-col items-center gap-2 py-8 text-center" role="status" data-testid="import-finished">
          <CheckCircle2 className="h-10 w-10 text-emerald-600" aria-hidden />
          <p className="text-base font-semibold text-slate-900">Imported {plural(step.imported, spec.noun)}</p>
          {step.skipped > 0 && (
            <p className="flex items-center gap-1.5 text-sm text-slate-600">
              <TriangleAlert className="h-4 w-4 text-amber-600" aria-hidden />
              {plural(step.skipped, 'row')} with problems left out
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

function ImportProgressBar({ done, total, noun }: { done: number; total: number; noun: string }) {
  const share = total === 0 ? 1 : done / total;
  return (
    <div>
      <div
        role="progressbar"
        aria-label={`Importing ${noun}s`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600 tabular-nums">
        {done.toLocaleString('en-US')} of {plural(total, noun)} written; they appear everywhere once all are in.
      </p>
    </div>
  );
}
