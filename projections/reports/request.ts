import { ALL_LOCATIONS } from '@shared/constants';
import { reportToday } from '@shared/domain/reportsPeriods';

/** What a report is asked for: where, over which of its periods, as of which day, and when. */
export interface ReportRequest<P extends string> {
  /** The one location reported on, or null for every location the actor may see. */
  location: { id: string; name: string } | null;
  period: P;
  /** A past day; none (or today) for the figures as they stand. */
  asOf?: string;
  now: Date;
}

/** The day a report is for: the past day asked for, else today, when it is live (as things stand). */
export function reportDay(request: ReportRequest<string>): { day: string; live: boolean } {
  const today = reportToday(request.now);
  const day = request.asOf && request.asOf < today ? request.asOf : today;
  return { day, live: day === today };
}

/** What every report says about itself first: where, over what, when it was computed, for which day. */
export function reportHeading<P extends string>(request: ReportRequest<P>, labels: Record<P, string>, day: string, live: boolean) {
  return {
    location: request.location?.name ?? ALL_LOCATIONS,
    location_id: request.location?.id ?? null,
    period: request.period,
    period_label: labels[request.period],
    generated_at: request.now.toISOString(),
    as_of: day,
    live,
  };
}
