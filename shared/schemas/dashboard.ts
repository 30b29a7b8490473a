import { z } from 'zod';
import { answerText } from './strings';
import { LocationFilterQuery } from './common';
import type { ActivityEntry } from '../activity';
import { TASK_PRIORITIES, type TaskPriority } from '../domain/tasks';

/** GET /api/dashboard?location= (a location's name or id; empty or 'All Locations': every one the caller may see). */
export const DashboardQuery = LocationFilterQuery;

export const DUE_LABELS = ['Overdue', 'Today', 'Tomorrow', 'This week', 'Later', 'No due date'] as const;
export type DueLabel = (typeof DUE_LABELS)[number];

export interface Dashboard {
  totalOffices: number;
  leasedOffices: number;
  vacantOffices: number;
  /** LEASED offices whose lease ends within 90 days. */
  onNoticeOffices: number;
  memberCompanies: number;
  totalEmployees: number;
  /** Pending or in progress. */
  openTasks: number;
  inProgressTasks: number;
  overdueTasks: number;
  templates: number;
  locations: { name: string; city: string }[];
  recentActivity: { type: string; message: string; at: string; entity_id: string; user_name: string }[];
  upcomingTasks: { id: string; task: string; priority: TaskPriority; dueDate: string | null; due_label: DueLabel; location_name: string }[];
  /** Leases ending in the next 90 days, soonest first, for the morning look. */
  leasesEnding: { id: string; office_number: string; location_name: string; tenant: string | null; end_date: string; days: number }[];
}

export type { ActivityEntry };

/** The OpenAPI document's schema of GET /api/dashboard (checked against the type above). */
export const Dashboard = z.object({
  totalOffices: z.number().int(),
  leasedOffices: z.number().int(),
  vacantOffices: z.number().int(),
  onNoticeOffices: z.number().int(),
  memberCompanies: z.number().int(),
  totalEmployees: z.number().int(),
  openTasks: z.number().int(),
  inProgressTasks: z.number().int(),
  overdueTasks: z.number().int(),
  templates: z.number().int(),
  locations: z.array(z.object({ name: answerText(), city: answerText() })),
  recentActivity: z.array(z.object({ type: answerText(), message: answerText(), at: answerText(), entity_id: answerText(), user_name: answerText() })),
  upcomingTasks: z.array(
    z.object({ id: z.uuid(), task: answerText(), priority: z.enum(TASK_PRIORITIES), dueDate: answerText().nullable(), due_label: z.enum(DUE_LABELS), location_name: answerText() }),
  ),
  leasesEnding: z.array(
    z.object({ id: z.uuid(), office_number: answerText(), location_name: answerText(), tenant: answerText().nullable(), end_date: answerText(), days: z.number().int() }),
  ),
}) satisfies z.ZodType<Dashboard>;
