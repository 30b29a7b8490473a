import { useCallback, useMemo, useState } from 'react';
import { CheckCircle2, ClipboardList, Clock, ListTodo, Plus } from 'lucide-react';
import { TASK_PRIORITIES, TASK_PRIORITY_LABELS, TASK_STATUSES, TASK_STATUS_LABELS, type TaskPriority, type TaskStatus } from '@shared/domain/tasks';
import { may } from '@shared/policy';
import type { Task } from '@shared/schemas/tasks';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { LoadFailed } from '../../components/LoadFailed';
import { LocationBadge, PageHeader } from '../../components/PageHeader';
import { ProfileLoading } from '../../components/ProfileParts';
import { SearchInput } from '../../components/SearchInput';
import { ErrorBanner, type Failure } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Select } from '../../components/ui/Field';
import { StatTile } from '../../components/ui/StatTile';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useNow } from '../../lib/useNow';
import { useScreenDialog } from '../../shell/addRequest';
import { useSelectedLocation } from '../../shell/useSelectedLocation';
import { useAtom, useAtomValue } from '../../state/jotai';
import { taskPriorityFilterAtom, taskSearchAtom, taskStatusFilterAtom, tasksAtom } from './atoms';
import { TaskCard } from './TaskCard';
import { TaskDialogs, type TaskDialog } from './TaskDialogs';
import { countTasks, filterTasks, sortTasks } from './taskList';
import { LabelledOptions } from './taskUi';
import { useTaskStatus } from './useTaskStatus';

/** Task management: reloads from REST when the selected location changes. */
export default function TasksPage() {
  const selected = useSelectedLocation();
  return <TasksScreen key={selected.value} locationId={selected.location?.id ?? null} locationName={selected.name} />;
}

function TasksScreen({ locationId, locationName }: { locationId: string | null; locationName: string }) {
  const user = useUser();
  const now = useNow();
  const canCreate = may(user, 'task.create');
  const query = useLiveQuery('tasks', locationName, () => endpoints.tasks({ location: locationName }), (t) => !locationId || t.location_id === locationId);
  const collection = useAtomValue(tasksAtom);
  const [search, setSearch] = useAtom(taskSearchAtom);
  const [status, setStatus] = useAtom(taskStatusFilterAtom);
  const [priority, setPriority] = useAtom(taskPriorityFilterAtom);
  // "Add task" from the command palette opens the new-task dialog here.
  const addTask = useMemo(() => ({ kind: 'add' as const, locationId: locationId ?? '' }), [locationId]);
  const [dialog, setDialog] = useScreenDialog<NonNullable<TaskDialog>>('task', canCreate, addTask);
  // Failures of actions taken on the cards (Start, Mark Complete, Cancel); dialogs keep their own.
  const [banner, setBanner] = useState<Failure | null>(null);
  const changeStatus = useTaskStatus(setBanner);

  const all = useMemo(() => rowsOf(collection).filter((t) => !locationId || t.location_id === locationId), [collection, locationId]);
  const shown = useMemo(() => sortTasks(filterTasks(all, { status, priority, search })), [all, status, priority, search]);
  const counts = countTasks(all, now);
  const loading = query.status === 'loading' && all.length === 0;
  const filtered = status !== 'all' || priority !== 'all' || search.trim() !== '';

  const onOpen = useCallback((task: Task) => setDialog({ kind: 'detail', id: task.id }), [setDialog]);
  const onEdit = useCallback((task: Task) => setDialog({ kind: 'edit', id: task.id }), [setDialog]);
  const onStatus = useCallback(
    (task: Task, next: TaskStatus) => {
      setBanner(null);
      void changeStatus(task, next);
    },
    [changeStatus],
  );

  return (
    <div className="mx-auto max-w-screen-2xl space-y-6">
      <PageHeader title="Task Management" subtitle={locationId ? `Maintenance and operations tasks at ${locationName}` : 'Maintenance and operations tasks across all your locations'}>
        {locationId && <LocationBadge name={locationName} />}
        {canCreate && (
          <Button onClick={() => setDialog({ kind: 'add', locationId: locationId ?? '' })}>
            <Plus className="h-4 w-4" aria-hidden />
            New Task
          </Button>
        )}
      </PageHeader>

      {banner && <ErrorBanner title={banner.title} message={banner.reason} onDismiss={() => setBanner(null)} />}

      {query.status === 'error' ? (
        <LoadFailed title="Failed to load tasks" error={query.error} onRetry={query.retry} />
      ) : (
        <>
          <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatTile label="Pending" value={loading ? null : counts.pending} icon={<ListTodo className="h-5 w-5" />} accent="amber" />
            <StatTile label="In Progress" value={loading ? null : counts.in_progress} icon={<Clock className="h-5 w-5" />} accent="blue" />
            <StatTile label="Completed" value={loading ? null : counts.completed} icon={<CheckCircle2 className="h-5 w-5" />} accent="green" />
            <StatTile
              label="Total"
              value={loading ? null : counts.total}
              icon={<ClipboardList className="h-5 w-5" />}
              accent={counts.overdue > 0 ? 'red' : 'grey'}
              hint={loading ? undefined : counts.overdue > 0 ? `${counts.overdue} overdue` : counts.cancelled > 0 ? `${counts.cancelled} cancelled` : undefined}
            />
          </section>

          <Card className="p-3 sm:p-4">
            <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
              <SearchInput className="flex-1" label="Search tasks" placeholder="Search by title, description, assignee or office..." value={search} onChange={setSearch} />
              <div className="grid grid-cols-2 gap-3 sm:flex sm:items-center">
                <Select aria-label="Status filter" className="sm:w-44" value={status} onChange={(e) => setStatus(e.target.value as TaskStatus | 'all')}>
                  <option value="all">All statuses</option>
                  <LabelledOptions values={TASK_STATUSES} labels={TASK_STATUS_LABELS} />
                </Select>
                <Select aria-label="Priority filter" className="sm:w-44" value={priority} onChange={(e) => setPriority(e.target.value as TaskPriority | 'all')}>
                  <option value="all">All priorities</option>
                  <LabelledOptions values={TASK_PRIORITIES} labels={TASK_PRIORITY_LABELS} />
                </Select>
              </div>
            </div>
            {!loading && (
              <p className="mt-3 text-sm text-slate-600" data-testid="task-count-line">
                {shown.length} of {all.length} tasks
                {counts.overdue > 0 && <span className="font-medium text-red-700"> · {counts.overdue} overdue</span>}
                {!may(user, 'task.changeStatus') && <span className="text-slate-500"> · Read-only: you can view tasks but not change them.</span>}
              </p>
            )}
          </Card>

          {loading ? (
            <ProfileLoading text="Loading tasks..." />
          ) : shown.length === 0 ? (
            <Card className="px-6 py-16 text-center text-slate-600">
              {all.length === 0 ? (
                <>
                  <p className="font-medium text-slate-900">No tasks yet</p>
                  <p className="mt-1 text-sm">{canCreate ? 'Create the first task with New Task.' : 'Tasks will appear here as they are added.'}</p>
                </>
              ) : (
                <>
                  <p className="font-medium text-slate-900">No tasks match your filters</p>
                  {filtered && (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="mt-3"
                      onClick={() => {
                        setStatus('all');
                        setPriority('all');
                        setSearch('');
                      }}
                    >
                      Clear filters
                    </Button>
                  )}
                </>
              )}
            </Card>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Tasks">
              {shown.map((task) => (
                <li key={task.id} className="flex">
                  <TaskCard
                    task={task}
                    now={now}
                    touch={collection.touched[task.id]}
                    canChangeStatus={may(user, 'task.changeStatus', [task.location_id])}
                    canEdit={may(user, 'task.update', [task.location_id])}
                    onOpen={onOpen}
                    onStatus={onStatus}
                    onEdit={onEdit}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <TaskDialogs dialog={dialog} setDialog={setDialog} onStatus={onStatus} />
    </div>
  );
}
