import { useMemo, useState } from 'react';
import type { Deal } from '@shared/schemas/deals';
import { columnsDeriver, type DealColumns } from './boardColumns';

/** The board's columns of `deals`, sharing every column that did not change with the last ones (boardColumns.ts). */
export function useDealColumns(deals: readonly Deal[]): DealColumns {
  const [derive] = useState(columnsDeriver);
  return useMemo(() => derive(deals), [derive, deals]);
}
