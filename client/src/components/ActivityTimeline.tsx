import { useCallback, useEffect, useState } from 'react';
import { History } from 'lucide-react';
import type { ActivityEntry, FieldChange } from '@shared/activity';
import { DEAL_STAGE_LABELS, type DealStage } from '@shared/domain/deals';
import { endpoints } from '../api/endpoints';
import { reasonOf } from '../lib/errorText';
import { timeAgo } from '../lib/timeAgo';
import { useNow } from '../lib/useNow';
import { Avatar } from './ui/Avatar';
import { Button } from './ui/Button';
import { Spinner } from './ui/Spinner';
import { LoadFailed } from './LoadFailed';

const PAGE = 25;

const label = (field: string) => field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, ' ');

/** A value as a person reads it: stages by their names, money and counts with separators. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'stage') return DEAL_STAGE_LABELS[value as DealStage] ?? String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (Array.isArray(value)) return value.length === 0 ? 'none' : `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([k]) => k !== 'id')
      .map(([k, v]) => `${label(k)}: ${shown(k, v)}`)
      .join(', ');
  }
  return String(value);
}

function Changes({ changes, created }: { changes: FieldChange[]; created: boolean }) {
  if (changes.length === 0 || created) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="font-medium text-slate-700">{label(c.field)}:</span> <span className="line-through decoration-slate-400">{shown(c.field, c.from)}</span>{' '}
          → <span className="text-slate-900">{shown(c.field, c.to)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A row's history from the event log (GET /api/events?entity_id=): who did what when, with each
 * changed field's old and new value, newest first, a page at a time. It reloads its first page
 * whenever `refreshKey` changes (pass the row's version: a change by anyone shows at once).
 */
export function ActivityTimeline({ entityId, refreshKey }: { entityId: string; refreshKey: unknown }) {
  const [entries, setEntries] = useState<ActivityEntry[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [more, setMore] = useState<{ loading: boolean; done: boolean }>({ loading: false, done: false });
  const [attempt, setAttempt] = useState(0);
  const now = useNow(30_000);

  useEffect(() => {
    let current = true;
    endpoints.events({ entity_id: entityId, limit: PAGE }).then(
      (page) => {
        if (!current) return;
        setEntries(page);
        setError(null);
        setMore({ loading: false, done: page.length < PAGE });
      },
      (e: unknown) => current && setError(e),
    );
    return () => {
      current = false;
    };
  }, [entityId, refreshKey, attempt]);

  const loadMore = useCallback(async () => {
    const last = entries?.at(-1);
    if (!last) return;
    setMore({ loading: true, done: false });
    try {
      const page = await endpoints.events({ entity_id: entityId, limit: PAGE, before: last.position });
      setEntries((list) => [...(list ?? []), ...page]);
      setMore({ loading: false, done: page.length < PAGE });
    } catch (e) {
      setMore({ loading: false, done: false });
      setError(e);
    }
  }, [entries, entityId]);

  if (error && !entries) return <LoadFailed compact title="Failed to load the history" error={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!entries) {
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-slate-600" role="status">
        <Spinner className="h-4 w-4" /> Loading the history…
      </p>
    );
  }
  if (entries.length === 0) {
    return (
      <p className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <History className="h-4 w-4" aria-hidden /> Nothing has happened here yet.
      </p>
    );
  }
  return (
    <div>
      <ol className="relative space-y-4 border-l border-slate-200 pl-5" aria-label="History" data-testid="activity">
        {entries.map((entry) => (
          <li key={entry.position} className="relative" data-testid="activity-entry" data-type={entry.type}>
            <span className="absolute top-0 -left-[2.15rem]">
              <Avatar name={entry.user_name} className="h-7 w-7 text-[10px]" />
            </span>
            <p className="text-sm text-slate-900">{entry.summary}</p>
            <p className="text-xs text-slate-500">
              <time dateTime={entry.at} title={new Date(entry.at).toLocaleString('en-US')}>
                {timeAgo(entry.at, now.getTime())}
              </time>
            </p>
            <Changes changes={entry.changes} created={entry.type.endsWith('Created') || entry.type === 'UserRegistered'} />
          </li>
        ))}
      </ol>
      {error !== null && <p className="mt-3 text-sm text-red-700">{reasonOf(error)}</p>}
      {!more.done && (
        <Button variant="secondary" size="sm" className="mt-4" onClick={() => void loadMore()} disabled={more.loading}>
          {more.loading && <Spinner className="h-3.5 w-3.5" />}
          Load earlier
        </Button>
      )}
    </div>
  );
}
