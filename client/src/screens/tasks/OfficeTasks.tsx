import { useCallback, useMemo, useState } from 'react';
import { ClipboardList, Plus } from 'lucide-react';
import { may } from '@shared/policy';
import type { Office } from '@shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { LoadFailed } from '../../components/LoadFailed';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useNow } from '../../lib/useNow';
import { useAtomValue } from '../../state/jotai';
import { tasksAtom } from './atoms';
import { TaskDialogs, type TaskDialog } from './TaskDialogs';
import { countTasks, sortTasks } from './taskList';
import { OfficeTaskRow } from './OfficeTaskRow';
import { useTaskStatus } from './useTaskStatus';

/**
 * An office's tasks on its profile, live: open ones first, each opening the task (its detail,
 * with the actions its status allows), and New Task with the office filled in.
 */
export function OfficeTasks({ office }: { office: Office }) {
  const user = useUser();
  const now = useNow();
  const query = useLiveQuery('tasks', `office:${office.id}`, () => endpoints.tasks({ office_id: office.id }), (t) => t.office_id === office.id);
  const collection = useAtomValue(tasksAtom);
  const [dialog, setDialog] = useState<TaskDialog>(null);
  const [banner, setBanner] = useState<Failure | null>(null);
  const changeStatus = useTaskStatus(setBanner);
  const tasks = useMemo(() => sortTasks(rowsOf(collection).filter((t) => t.office_id === office.id)), [collection, office.id]);
  const counts = countTasks(tasks, now);
  const open = counts.pending + counts.in_progress;
  const canCreate = may(user, 'task.create', [office.location_id]);
  const openTask = useCallback((id: string) => setDialog({ kind: 'detail', id }), []);

  return (
    <Card className="p-4 sm:p-6" data-testid="office-tasks">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <ClipboardList className="h-4 w-4 text-brand-600" aria-hidden /> Tasks
          </h2>
          {query.status !== 'loading' && (
            <p className="text-sm text-slate-600">
              {tasks.length === 0 ? 'No tasks for this office' : `${open} open of ${tasks.length}`}
              {counts.overdue > 0 && <span className="font-medium text-red-700"> · {counts.overdue} overdue</span>}
            </p>
          )}
        </div>
        {canCreate && (
          <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'add', locationId: office.location_id, officeId: office.id })}>
            <Plus className="h-4 w-4" aria-hidden /> New Task
          </Button>
        )}
      </div>
      {banner && (
        <div className="mt-3">
          <ErrorBanner title={banner.title} message={banner.reason} onDismiss={() => setBanner(null)} />
        </div>
      )}
      {query.status === 'error' ? (
        <div className="mt-3">
          <LoadFailed compact title="Failed to load tasks" error={query.error} onRetry={query.retry} />
        </div>
      ) : query.status === 'loading' && tasks.length === 0 ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4" label="Loading tasks" /> Loading tasks...
        </p>
      ) : (
        tasks.length > 0 && (
          <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={`Tasks for office ${office.office_number}`}>
            {tasks.map((task) => (
              <li key={task.id}>
                <OfficeTaskRow task={task} now={now} onOpen={openTask} />
              </li>
            ))}
          </ul>
        )
      )}
      <TaskDialogs
        dialog={dialog}
        setDialog={setDialog}
        onStatus={(task, status) => {
          setBanner(null);
          void changeStatus(task, status);
        }}
      />
    </Card>
  );
}
