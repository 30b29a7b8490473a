import type { OfficeStatus } from '@shared/schemas/offices';
import type { HeatBucket } from './heat';

/**
 * The spec's status colours as the grid's badges show them (statusTones.ts): LEASED emerald,
 * VACANT blue, PENDING amber, UNAVAILABLE red. Light fills with dark text keep the numbers
 * readable (contrast) on any background image.
 */
export const STATUS_SHAPE: Record<OfficeStatus, string> = {
  LEASED: 'border-emerald-600 bg-emerald-100/90 text-emerald-950',
  VACANT: 'border-blue-600 bg-blue-100/90 text-blue-950',
  PENDING: 'border-amber-500 bg-amber-100/90 text-amber-950',
  UNAVAILABLE: 'border-red-600 bg-red-100/90 text-red-950',
};

export const STATUS_SWATCH: Record<OfficeStatus, string> = {
  LEASED: 'bg-emerald-500',
  VACANT: 'bg-blue-500',
  PENDING: 'bg-amber-400',
  UNAVAILABLE: 'bg-red-500',
};

/** The heat overlay: the sooner the lease ends, the hotter. Offices outside it fade back. */
export const HEAT_SHAPE: Record<HeatBucket, string> = {
  30: 'border-red-700 bg-red-300/95 text-red-950',
  60: 'border-orange-600 bg-orange-200/95 text-orange-950',
  90: 'border-yellow-600 bg-yellow-100/95 text-yellow-950',
};
export const HEAT_SWATCH: Record<HeatBucket, string> = { 30: 'bg-red-400', 60: 'bg-orange-300', 90: 'bg-yellow-200' };
export const HEAT_NONE = 'border-slate-300 bg-white/80 text-slate-600';
