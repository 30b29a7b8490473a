import type { TaskPriority, TaskStatus } from '@shared/domain/tasks';
import { liveCollection } from '../../live/registry';
import { atom } from '../../state/jotai';

/** Every task the user may see, kept live. */
export const tasksAtom = liveCollection('tasks');

export const taskSearchAtom = atom('');
export const taskStatusFilterAtom = atom<TaskStatus | 'all'>('all');
export const taskPriorityFilterAtom = atom<TaskPriority | 'all'>('all');
