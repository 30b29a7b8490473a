import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

export interface Segment<K extends string> {
  key: K;
  /** The text on the button. */
  label: string;
  icon: LucideIcon;
  /** A fuller name for screen readers ('Grid view' for 'Grid'). */
  ariaLabel?: string;
  /** A tooltip. */
  title?: string;
}

const SIZES = {
  /** A screen's view (Pipeline, List View): the brand colour marks the one shown. */
  regular: { button: 'px-3 py-1.5 text-sm', on: 'bg-brand-600 text-white', icon: 'h-4 w-4' },
  /** A lesser choice beside a count line (card density). */
  small: { button: 'px-2.5 py-1 text-xs', on: 'bg-slate-800 text-white', icon: 'h-3.5 w-3.5' },
};

/** One of a few choices as a row of pressed/unpressed buttons, named as a group. */
export function SegmentedControl<K extends string>({
  label,
  segments,
  value,
  onChange,
  size = 'regular',
}: {
  label: string;
  segments: readonly Segment<K>[];
  value: K;
  onChange: (key: K) => void;
  size?: keyof typeof SIZES;
}) {
  const style = SIZES[size];
  return (
    <div className="flex shrink-0 rounded-lg border border-slate-300 p-0.5" role="group" aria-label={label}>
      {segments.map(({ key, label: text, icon: Icon, ariaLabel, title }) => (
        <button
          key={key}
          type="button"
          aria-label={ariaLabel}
          aria-pressed={value === key}
          title={title}
          onClick={() => onChange(key)}
          className={cn(
            'flex flex-1 items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap',
            style.button,
            value === key ? style.on : 'text-slate-600 hover:bg-slate-100',
          )}
        >
          <Icon className={style.icon} aria-hidden />
          {text}
        </button>
      ))}
    </div>
  );
}
