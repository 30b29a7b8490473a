import type { OfficeStatus } from '@shared/schemas/offices';

/** The spec's status colours: emerald, blue, amber, red. */
export const STATUS_COLORS: Record<OfficeStatus, string> = { LEASED: '#10b981', VACANT: '#3b6cf6', PENDING: '#f59e0b', UNAVAILABLE: '#ef4444' };

/** One colour per location line, told apart on white; the total in ink. */
export const LINE_COLORS = ['#2a55e0', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#0ea5e9', '#ec4899', '#14b8a6', '#a16207', '#64748b'];
export const TOTAL_COLOR = '#0f172a';

export const AXIS = { fontSize: 12, fill: '#475569' };
/** An axis's title: what its figures measure, a little darker than the ticks. */
export const AXIS_TITLE = { fontSize: 12, fill: '#334155', fontWeight: 500 };

/** A figure the tooltip shows: recharts hands values as number, string or an array. */
export const percentText = (value: unknown) => (typeof value === 'number' ? `${value.toFixed(1)}%` : '—');
