import { useEffect, useState } from 'react';

/** How often an open board notes that the user is still looking at it. */
const NOTE_EVERY_MS = 60_000;
const keyOf = (userId: string) => `dealBoardLastVisit:${userId}`;

/**
 * The end of the user's previous visit to the deal board (ISO), kept per user in localStorage;
 * null on a first visit. Read once as the board opens; while it stays open, and as it closes, this
 * visit is noted for the next one.
 */
export function useLastVisit(userId: string): string | null {
  const [previous] = useState(() => {
    try {
      const stored = localStorage.getItem(keyOf(userId));
      return stored && !Number.isNaN(Date.parse(stored)) ? stored : null;
    } catch {
      return null;
    }
  });
  useEffect(() => {
    const note = () => {
      try {
        localStorage.setItem(keyOf(userId), new Date().toISOString());
      } catch {
        // Storage full or refused: the next visit offers no "last visit".
      }
    };
    const timer = setInterval(note, NOTE_EVERY_MS);
    window.addEventListener('pagehide', note);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', note);
      note();
    };
  }, [userId]);
  return previous;
}
