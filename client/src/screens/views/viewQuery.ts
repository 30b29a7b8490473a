/**
 * A screen's view (filters, view mode, sort) as the address's query, and back. Pure: the address
 * is what a shared link carries, so `decode(encode(state))` gives the same state, and a value that
 * is not one the screen knows reads as its default (a hand-edited link never breaks the screen).
 */

/** One field of a view: its query key, its default (left out of the address) and how it reads back. */
export interface ViewField<T> {
  key: string;
  fallback: T;
  /** The value in the address; null leaves the key out. */
  write: (value: T) => string | null;
  /** The value a query text stands for, or null when it is not one the screen knows. */
  read: (text: string) => T | null;
  /** Written even at its default, so that every link of the screen says its view and reproduces it whole. */
  always?: boolean;
}

export type ViewCodec<S> = { [K in keyof S]: ViewField<S[K]> };

/** Only the fields that differ from their defaults, in the codec's order (stable links). */
export function encodeView<S>(codec: ViewCodec<S>, state: S): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(codec) as (keyof S)[]) {
    const field = codec[name];
    const text = state[name] === field.fallback && !field.always ? null : field.write(state[name]);
    if (text !== null && text !== '') params.set(field.key, text);
  }
  return params;
}

/** Every field from the query, missing or unknown values as their defaults. */
export function decodeView<S>(codec: ViewCodec<S>, params: URLSearchParams): S {
  const state = {} as S;
  for (const name of Object.keys(codec) as (keyof S)[]) {
    const field = codec[name];
    const text = params.get(field.key);
    const value = text === null ? null : field.read(text);
    state[name] = value ?? field.fallback;
  }
  return state;
}

/** Does the query say anything about this view (any of its keys)? An address without them keeps the screen as it was. */
export function mentionsView<S>(codec: ViewCodec<S>, params: URLSearchParams): boolean {
  return Object.values<ViewField<unknown>>(codec as Record<string, ViewField<unknown>>).some((field) => params.has(field.key));
}

/** The query text of a view, '' for the defaults. */
export const viewQueryText = <S>(codec: ViewCodec<S>, state: S) => encodeView(codec, state).toString();

// Field builders: the few kinds of values the screens keep.

export const textField = (key: string): ViewField<string> => ({ key, fallback: '', write: (v) => v, read: (t) => t });

export const choiceField = <T extends string>(key: string, choices: readonly T[], fallback: T, always = false): ViewField<T> => ({
  key,
  fallback,
  always,
  write: (v) => v,
  read: (t) => (choices.includes(t as T) ? (t as T) : null),
});

/** A column sort as `key:asc` / `key:desc`; null is no sort. */
export function sortField<K extends string, S>(key: string, keys: readonly K[], parts: (sort: S) => [K, 'asc' | 'desc'], make: (key: K, dir: 'asc' | 'desc') => S): ViewField<S | null> {
  return {
    key,
    fallback: null,
    write: (v) => (v ? parts(v).join(':') : null),
    read: (t) => {
      const [k, d] = t.split(':');
      if (!keys.includes(k as K) || (d !== 'asc' && d !== 'desc')) return null;
      return make(k as K, d);
    },
  };
}
