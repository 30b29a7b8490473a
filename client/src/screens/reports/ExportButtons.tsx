import { useState } from 'react';
import { Download } from 'lucide-react';
import type { OccupancyReportQuery, TermAnalysisQuery } from '@shared/schemas/reports';
import { endpoints } from '../../api/endpoints';
import { ErrorBanner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { reasonOf } from '../../lib/errorText';

type Format = 'csv' | 'pdf';

/** Hands a downloaded file to the browser under the server's name for it. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Export Report: the report the screen shows, for the same choices, as CSV (what the screen
 * shows, table by table) or PDF (tiles, tables and the period).
 */
export function ExportButtons({
  report,
  query,
  fallbackName,
}: {
  report: 'occupancy' | 'term-analysis';
  query: Omit<OccupancyReportQuery, 'format'> | Omit<TermAnalysisQuery, 'format'>;
  fallbackName: string;
}) {
  const [busy, setBusy] = useState<Format | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const exportAs = async (format: Format) => {
    setBusy(format);
    setFailure(null);
    try {
      const { blob, fileName } = await endpoints.reportFile(report, { ...query, format });
      save(blob, fileName ?? `${fallbackName}.${format}`);
    } catch (error) {
      setFailure(reasonOf(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <div className="flex items-center gap-2" role="group" aria-label="Export Report">
        {(['csv', 'pdf'] as const).map((format) => (
          <Button key={format} variant="secondary" onClick={() => void exportAs(format)} disabled={busy !== null} aria-busy={busy === format}>
            {busy === format ? <Spinner className="h-4 w-4" /> : <Download className="h-4 w-4" aria-hidden />}
            Export {format.toUpperCase()}
          </Button>
        ))}
      </div>
      {failure && (
        <div className="basis-full">
          <ErrorBanner title="Failed to export the report" message={failure} onDismiss={() => setFailure(null)} />
        </div>
      )}
    </>
  );
}
