import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormSetFocus } from 'react-hook-form';

/**
 * For a form spread over tabs (a profile in edit mode): focusing an invalid field first opens
 * its tab, then focuses it once that tab's fields are on screen. `fields` lists each field's
 * tab in the order the fields appear, so "first" means first to a reader.
 */
export function useTabbedFocus<T extends FieldValues, K extends string>(fields: [string, K][], onTab: (tab: K) => void, setFocus: UseFormSetFocus<T>) {
  const pending = useRef<string | null>(null);
  const [request, setRequest] = useState(0);

  useEffect(() => {
    const path = pending.current;
    if (!path) return;
    pending.current = null;
    setFocus(path as Path<T>);
  }, [request, setFocus]);

  return (paths: string[]) => {
    const first = fields.find(([path]) => paths.includes(path));
    if (!first) return;
    pending.current = first[0];
    onTab(first[1]);
    setRequest((n) => n + 1);
  };
}
