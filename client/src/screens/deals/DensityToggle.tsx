import { Rows2, Rows4 } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useBoardDensity, type BoardDensity } from './density';

const CHOICES: [BoardDensity, string, typeof Rows2][] = [
  ['comfortable', 'Comfortable', Rows2],
  ['compact', 'Compact', Rows4],
];

/** The board's card density, at the end of the deal count line (shown with the pipeline only). */
export function DensityToggle() {
  const [density, setDensity] = useBoardDensity();
  return (
    <div className="flex shrink-0 rounded-lg border border-slate-300 p-0.5" role="group" aria-label="Card density">
      {CHOICES.map(([key, label, Icon]) => (
        <button
          key={key}
          type="button"
          aria-pressed={density === key}
          title={`${label} cards`}
          onClick={() => setDensity(key)}
          className={cn(
            'flex flex-1 items-center justify-center gap-1.5 rounded-md px-2.5 py-1 text-xs font-medium whitespace-nowrap',
            density === key ? 'bg-slate-800 text-white' : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          <Icon className="h-3.5 w-3.5" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );
}
