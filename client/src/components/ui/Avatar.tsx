import { cn } from '../../lib/cn';

/** Up to two initials: first and last word of a name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]![0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]![0] ?? '') : '';
  return (first + last).toUpperCase();
}

// Shades dark enough for white initials to pass WCAG AA contrast.
const palette = ['bg-sky-700', 'bg-emerald-700', 'bg-violet-700', 'bg-amber-700', 'bg-rose-700', 'bg-teal-700', 'bg-indigo-700'];

/** A stable colour per person, so the same colleague looks the same on every screen. */
function colourFor(key: string): string {
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}

export function Avatar({ name, id, className }: { name: string; id?: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex h-8 w-8 items-center justify-center rounded-full text-xs font-semibold text-white ring-2 ring-white',
        colourFor(id ?? name),
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
