import { useId } from 'react';
import { CalendarClock } from 'lucide-react';
import { EARLIEST_REPORT_DATE } from '@shared/domain/reportsPeriods';
import { Button } from '../../components/ui/Button';
import { Select, controlClass } from '../../components/ui/Field';
import { cn } from '../../lib/cn';
import { KeyOptions } from '../../components/ui/Options';

/** The period selector: the report's periods in the spec's order, with their labels. */
export function PeriodSelect<P extends string>({ value, periods, labels, onChange }: { value: P; periods: readonly P[]; labels: Record<P, string>; onChange: (period: P) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        Period
      </label>
      <Select id={id} className="w-44" value={value} onChange={(e) => onChange(e.target.value as P)}>
        <KeyOptions keys={periods} labels={labels} />
      </Select>
    </div>
  );
}

/**
 * "What was our occupancy on 1 March?": a date picker for a past day (the reports' calendar,
 * up to today), and a way back to the live figures.
 */
export function AsOfPicker({ value, today, onChange }: { value: string | null; today: string; onChange: (day: string | null) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="flex items-center gap-1 text-sm font-medium text-slate-700">
        <CalendarClock className="h-4 w-4 text-slate-500" aria-hidden />
        As of
      </label>
      <input
        id={id}
        type="date"
        className={cn(controlClass, 'h-10 w-40')}
        min={EARLIEST_REPORT_DATE}
        max={today}
        value={value ?? today}
        onChange={(e) => {
          const day = e.target.value;
          // A cleared or out-of-range day goes back to now rather than ask for a report that cannot be.
          onChange(day && day >= EARLIEST_REPORT_DATE && day < today ? day : null);
        }}
      />
      {value && (
        <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
          Today
        </Button>
      )}
    </div>
  );
}
