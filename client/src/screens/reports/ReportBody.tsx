import type { ReactNode } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { ErrorBanner } from '../../components/ui/Banner';
import { reasonOf } from '../../lib/errorText';
import type { ReportState } from './useReport';

/**
 * A report's figures, or why they did not load: a report that never loaded for these choices
 * says so with Retry (never zeros); one that loaded keeps showing, dimmed while newer figures
 * load, with a banner when a refresh failed.
 */
export function ReportBody({ report, failed, children }: { report: ReportState<unknown>; failed: string; children: ReactNode }) {
  if (report.error !== null && (!report.data || report.stale)) return <LoadFailed title={failed} error={report.error} onRetry={report.retry} />;
  return (
    <div className={report.stale && report.data ? 'space-y-6 opacity-60 transition-opacity' : 'space-y-6'} aria-busy={report.stale}>
      {report.error !== null && <ErrorBanner title="The report could not be refreshed" message={reasonOf(report.error)} onDismiss={report.retry} />}
      {children}
    </div>
  );
}
