import { useCallback } from 'react';
import { toast } from 'sonner';
import { TASK_STATUS_LABELS, type TaskStatus } from '@shared/domain/tasks';
import type { Task } from '@shared/schemas/tasks';
import { endpoints } from '../../api/endpoints';
import type { Failure } from '../../components/ui/Banner';
import { sendCommand } from '../../live/command';
import { reasonOf } from '../../lib/errorText';
import { logFailure } from '../../lib/logFailure';

const DONE: Partial<Record<TaskStatus, string>> = { in_progress: 'started', completed: 'completed', cancelled: 'cancelled' };

/**
 * Start, Mark Complete and Cancel: the new status shows at once, the server decides. A refusal
 * puts the card back and reports why: the server's words name both statuses, or who changed the
 * task meanwhile (the version sent is the one on screen).
 */
export function useTaskStatus(onFailure: (failure: Failure) => void) {
  return useCallback(
    async (task: Task, status: TaskStatus) => {
      try {
        await sendCommand({
          entity: 'tasks',
          id: task.id,
          version: task.version,
          optimistic: (row) => ({ ...row, status }),
          send: (meta) => endpoints.changeTaskStatus(task.id, status, meta),
        });
        toast.success(`Task ${DONE[status] ?? `set to ${TASK_STATUS_LABELS[status]}`}: ${task.title}`);
      } catch (e) {
        logFailure('Failed to update task status', e);
        onFailure({ title: 'Failed to update task status', reason: reasonOf(e) });
      }
    },
    [onFailure],
  );
}
