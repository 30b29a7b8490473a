import { LocationFilterQuery } from './common';
import type { ActivityEntry } from '../activity';
import type { TaskPriority } from '../domain/tasks';

/** GET /api/dashboard?location= (a location's name or id; empty or 'All Locations': every one the caller may see). */
export const DashboardQuery = LocationFilterQuery;

export type DueLabel = 'Overdue' | 'Today' | 'Tomorrow' | 'This week' | 'Later' | 'No due date';

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
