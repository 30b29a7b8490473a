/** Within this many days an e-mail's date reads as its weekday (spec part 2, §9). */
export const WEEKDAY_CUTOFF_DAYS = 7;

const dayNumber = (d: Date) => Math.round(new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() / 86_400_000);

/**
 * An e-mail's date as the history shows it, in the reader's time zone: the time if today,
 * 'Yesterday', the weekday within 7 days, otherwise month and day.
 */
export function emailDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const days = dayNumber(now) - dayNumber(date);
  if (days <= 0) return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (days === 1) return 'Yesterday';
  if (days < WEEKDAY_CUTOFF_DAYS) return date.toLocaleDateString('en-US', { weekday: 'long' });
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}
