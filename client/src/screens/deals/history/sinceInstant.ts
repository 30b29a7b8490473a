import type { SinceChoice } from './historyState';

/** 'YYYY-MM-DDTHH:mm' (a datetime-local field) or 'YYYY-MM-DD' read in the browser's time zone, as an ISO instant; null when not a time. */
export function localToIso(value: string): string | null {
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00` : value;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** An instant as a datetime-local field shows it, in the browser's time zone. */
export function isoToLocal(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The instant a Since choice names, or null when it names none (off, no visit or meeting yet, a blank field). */
export function sinceInstant(choice: SinceChoice, known: { lastVisit: string | null; meetingStartedAt: string | null }): string | null {
  switch (choice.kind) {
    case 'off':
      return null;
    case 'last_visit':
      return known.lastVisit;
    case 'meeting':
      return known.meetingStartedAt;
    case 'day':
      return localToIso(choice.day);
    case 'instant':
      return localToIso(choice.at);
  }
}

/** "Mar 1, 9:30 AM" (this year) or "Mar 1, 2025, 9:30 AM". */
export function formatInstant(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return at.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}
