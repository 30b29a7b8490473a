import { useState, type FormEvent } from 'react';
import { Clock3, Undo2 } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { useAtom } from '../../../state/jotai';
import { asOfAtom } from './historyState';
import { formatInstant, isoToLocal, localToIso } from './sinceInstant';

/** The time control: a past instant to show the board as it stood then. */
export function AsOfControl() {
  const [asOf, setAsOf] = useAtom(asOfAtom);
  const [value, setValue] = useState(() => isoToLocal(asOf ?? new Date(Date.now() - 86_400_000).toISOString()));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = localToIso(value);
    if (!at) return setProblem('Pick a date and time');
    if (Date.parse(at) > Date.now()) return setProblem('Pick a time in the past');
    setProblem(null);
    setAsOf(at);
  };
  return (
    <form className="flex flex-wrap items-center gap-2" onSubmit={submit} aria-label="Board as of a past time">
      <Clock3 className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
      <Input
        type="datetime-local"
        step={1}
        aria-label="Show the board as of"
        className="h-9 w-auto"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'as-of-problem' : undefined}
      />
      <Button type="submit" variant="secondary" size="sm">
        Show board then
      </Button>
      {problem && (
        <span id="as-of-problem" className="text-xs font-medium text-red-700">
          {problem}
        </span>
      )}
    </form>
  );
}

/** Over an as-of board: what it is, that it is read only, and the way back to the live board. */
export function AsOfBanner({ asOf, loading, count }: { asOf: string; loading: boolean; count: number }) {
  const [, setAsOf] = useAtom(asOfAtom);
  return (
    <div role="region" aria-label="Past board" className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="as-of-banner">
      <Clock3 className="h-5 w-5 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        <span className="font-semibold" role="status">
          Board as of {formatInstant(asOf)}
        </span>
        <span className="text-amber-800"> · read only, {loading ? 'loading…' : `${count} deal${count === 1 ? '' : 's'} then`}; cards marked differ from now.</span>
      </p>
      {loading && <Spinner className="h-4 w-4" label="Loading the past board" />}
      <Button variant="secondary" size="sm" onClick={() => setAsOf(null)}>
        <Undo2 className="h-4 w-4" aria-hidden />
        Back to now
      </Button>
    </div>
  );
}
