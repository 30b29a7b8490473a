import { useMemo, useState } from 'react';
import { ArrowRight, GitCompare } from 'lucide-react';
import { TEMPLATE_CATEGORY_LABELS } from '@shared/domain/templates';
import type { Template, TemplateVersion } from '@shared/schemas/templates';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { LoadFailed } from '../../components/LoadFailed';
import { Avatar } from '../../components/ui/Avatar';
import { ErrorBanner } from '../../components/ui/Banner';
import { Spinner } from '../../components/ui/Spinner';
import { cn } from '../../lib/cn';
import { formatMoment } from './templateList';
import { lineDiff, wordDiff, type DiffMode } from './templateDiff';
import { useTemplateHistory } from './useTemplateHistory';

const MODES: [DiffMode, string][] = [
  ['lines', 'Line by line'],
  ['words', 'Word by word'],
];

/**
 * A template's earlier versions, newest first, each with who made it and when; the one picked
 * is compared with the current template: its other fields, and its content as a diff (jsdiff).
 * Follows the live row: an edit by anyone adds the version it replaced.
 */
export function TemplateHistoryDialog({ template, deleted, onClose }: ActionDialogProps & { template: Template; deleted: boolean }) {
  const { state, retry } = useTemplateHistory(template.id, template.version);
  const [picked, setPicked] = useState<number | null>(null);
  const versions = state.status === 'ready' ? state.versions : [];
  const selected = versions.find((v) => v.version === picked) ?? versions[0] ?? null;

  return (
    <ActionDialog
      title={`History: ${template.name}`}
      description="Earlier versions, each compared with the current template."
      onClose={onClose}
      closeLabel="Close"
      className="max-w-5xl"
      notice={deleted && <ErrorBanner title="This template was deleted" message="It is no longer on the list; what is shown here is its history as it was." />}
    >
      {state.status === 'error' ? (
        <LoadFailed compact title="Failed to load the template's history" error={state.error} onRetry={retry} />
      ) : state.status === 'loading' ? (
        <p className="flex items-center justify-center gap-3 py-10 text-sm text-slate-600">
          <Spinner className="h-5 w-5" label="Loading history" /> Loading history...
        </p>
      ) : versions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-600" data-testid="history-empty">
          No earlier versions: this template has not been changed since it was created.
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[15rem_1fr]">
          <nav aria-label="Earlier versions">
            <p className="mb-2 px-1 text-xs text-slate-600">
              Now at <span className="font-medium text-slate-900">version {template.version}</span>, changed <time dateTime={template.last_modified}>{formatMoment(template.last_modified)}</time>.
            </p>
            <ul className="max-h-[55vh] space-y-1.5 overflow-y-auto p-0.5" data-testid="history-versions">
              {versions.map((v) => (
                <li key={v.version}>
                  <button
                    type="button"
                    aria-pressed={selected?.version === v.version}
                    onClick={() => setPicked(v.version)}
                    className={cn(
                      'flex w-full items-start gap-2.5 rounded-lg border px-3 py-2 text-left text-sm',
                      selected?.version === v.version ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                    )}
                    data-version={v.version}
                  >
                    <Avatar name={v.by ?? 'System'} id={v.by ?? 'system'} className="mt-0.5 h-7 w-7 text-[11px] ring-0" />
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">Version {v.version}</span>
                      <span className="block truncate text-xs text-slate-600">{v.by ?? 'System'}</span>
                      <span className="block text-xs text-slate-600">
                        <time dateTime={v.at}>{formatMoment(v.at)}</time>
                      </span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {selected && <Comparison earlier={selected} current={template} />}
        </div>
      )}
    </ActionDialog>
  );
}

/** The picked version against the current template: changed fields, then the content's diff. */
function Comparison({ earlier, current }: { earlier: TemplateVersion; current: Template }) {
  const [mode, setMode] = useState<DiffMode>('lines');
  const lines = useMemo(() => lineDiff(earlier.content, current.content), [earlier.content, current.content]);
  const words = useMemo(() => (mode === 'words' ? wordDiff(earlier.content, current.content) : []), [mode, earlier.content, current.content]);
  const fields = [
    ['Name', earlier.name, current.name],
    ['Category', TEMPLATE_CATEGORY_LABELS[earlier.category], TEMPLATE_CATEGORY_LABELS[current.category]],
    ['Description', earlier.description ?? '—', current.description ?? '—'],
  ].filter(([, before, after]) => before !== after);
  const same = lines.added === 0 && lines.removed === 0;

  return (
    <section aria-label={`Version ${earlier.version} compared with the current version`} className="min-w-0 space-y-3" data-testid="history-comparison">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <GitCompare className="h-4 w-4 text-slate-500" aria-hidden />
          Version {earlier.version} <ArrowRight className="h-3.5 w-3.5 text-slate-400" aria-label="compared with" /> Current (version {current.version})
        </h3>
        <div className="flex rounded-lg border border-slate-300 p-0.5" role="group" aria-label="Compare">
          {MODES.map(([key, label]) => (
            <button
              key={key}
              type="button"
              aria-pressed={mode === key}
              onClick={() => setMode(key)}
              className={cn('rounded-md px-2.5 py-1 text-xs font-medium', mode === key ? 'bg-brand-600 text-white' : 'text-slate-600 hover:bg-slate-100')}
            >
              {label}
            </button>
          ))}
        </div>
      </div>

      {fields.length > 0 && (
        <dl className="space-y-1 rounded-lg border border-slate-200 px-3 py-2 text-sm" data-testid="history-fields">
          {fields.map(([label, before, after]) => (
            <div key={label} className="flex flex-wrap gap-x-2">
              <dt className="font-medium text-slate-700">{label}:</dt>
              <dd className="min-w-0">
                <del className="text-red-700 decoration-red-400">{before}</del> <span aria-hidden>→</span> <ins className="text-emerald-800 no-underline">{after}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}

      {same ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">The content of version {earlier.version} is the same as now.</p>
      ) : (
        <p className="text-xs text-slate-600" data-testid="history-summary">
          <span className="font-medium text-emerald-700">{lines.added} {lines.added === 1 ? 'line' : 'lines'} added</span>,{' '}
          <span className="font-medium text-red-700">{lines.removed} {lines.removed === 1 ? 'line' : 'lines'} removed</span> since version {earlier.version}
        </p>
      )}

      {mode === 'lines' ? (
        <div
          tabIndex={0}
          role="region"
          aria-label="Changes in the content"
          className="max-h-[50vh] overflow-auto rounded-lg border border-slate-200 font-mono text-[13px] leading-relaxed focus:ring-2 focus:ring-brand-200 focus:outline-none"
          data-testid="history-diff"
        >
          <table className="w-full border-collapse">
            <caption className="sr-only">Changes in the content from version {earlier.version} to now</caption>
            <tbody>
              {lines.lines.map((line, i) => (
                <tr key={i} className={cn(line.kind === 'added' && 'bg-emerald-50', line.kind === 'removed' && 'bg-red-50')} data-diff={line.kind}>
                  <td className="w-10 px-2 text-right align-top text-slate-600 select-none">{line.before ?? ''}</td>
                  <td className="w-10 px-2 text-right align-top text-slate-600 select-none">{line.after ?? ''}</td>
                  <td className={cn('w-5 text-center align-top select-none', line.kind === 'added' ? 'text-emerald-700' : line.kind === 'removed' ? 'text-red-700' : 'text-slate-300')}>
                    {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ''}
                  </td>
                  <td className="pr-3 break-words whitespace-pre-wrap">
                    {line.kind === 'added' ? (
                      <ins className="text-emerald-900 no-underline">
                        <span className="sr-only">Added: </span>
                        {line.text || ' '}
                      </ins>
                    ) : line.kind === 'removed' ? (
                      <del className="text-red-900 no-underline">
                        <span className="sr-only">Removed: </span>
                        {line.text || ' '}
                      </del>
                    ) : (
                      <span className="text-slate-700">{line.text || ' '}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p
          tabIndex={0}
          role="region"
          aria-label="Changes in the content"
          className="max-h-[50vh] overflow-auto rounded-lg border border-slate-200 px-3 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-700 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          data-testid="history-diff"
        >
          {words.map((part, i) =>
            part.kind === 'added' ? (
              <ins key={i} className="rounded-sm bg-emerald-100 text-emerald-900 no-underline" data-diff="added">
                <span className="sr-only">[added: </span>
                {part.text}
                <span className="sr-only">]</span>
              </ins>
            ) : part.kind === 'removed' ? (
              <del key={i} className="rounded-sm bg-red-100 text-red-900 decoration-red-400" data-diff="removed">
                <span className="sr-only">[removed: </span>
                {part.text}
                <span className="sr-only">]</span>
              </del>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </p>
      )}
    </section>
  );
}
