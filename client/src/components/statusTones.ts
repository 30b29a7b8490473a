/**
 * The spec's status colours, in one place so every badge, tile and chart of a status agrees:
 * offices LEASED emerald, VACANT blue, PENDING amber, UNAVAILABLE red; contacts and companies
 * Prospect yellow, Member green, others grey; task priorities High red, Medium amber, Low grey.
 */
import type { CrmStatus } from '@shared/schemas/crm';
import type { OfficeStatus } from '@shared/schemas/offices';
import type { TaskPriority } from '@shared/domain/tasks';
import type { BadgeTone } from './ui/Badge';

export const OFFICE_STATUS_TONE: Record<OfficeStatus, BadgeTone> = {
  LEASED: 'green',
  VACANT: 'blue',
  PENDING: 'amber',
  UNAVAILABLE: 'red',
};

export const CRM_STATUS_TONE: Record<CrmStatus, BadgeTone> = { Prospect: 'yellow', Member: 'green', 'Former Member': 'grey' };

export const PRIORITY_TONE: Record<TaskPriority, BadgeTone> = { high: 'red', medium: 'amber', low: 'grey' };
