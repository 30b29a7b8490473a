/** Choices kept in local storage, one per user id: people sharing a browser keep their own. */
export type PerUser<T> = Readonly<Record<string, T>>;

const isRecord = (stored: unknown): stored is Record<string, unknown> => !!stored && typeof stored === 'object' && !Array.isArray(stored);

/** This user's choice, or the fallback when there is none or what is stored is not a valid one. */
export function choiceOf<T>(stored: unknown, userId: string, isValid: (value: unknown) => value is T, fallback: T): T {
  if (!isRecord(stored)) return fallback;
  const value = stored[userId];
  return isValid(value) ? value : fallback;
}

/** The stored choices with this user's replaced (a damaged store starts afresh). */
export function withChoice<T>(stored: unknown, userId: string, value: T): PerUser<T> {
  return { ...(isRecord(stored) ? (stored as PerUser<T>) : {}), [userId]: value };
}
