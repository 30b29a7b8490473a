import { useCallback, useMemo } from 'react';
import type { Office, OfficeStatus } from '@shared/schemas/offices';
import { endpoints } from '../../../api/endpoints';
import { sendCommand } from '../../../live/command';
import { appStore } from '../../../state/jotai';
import { officesAtom } from '../atoms';
import { stepsTo, type BulkStep } from '../../selection/bulkPlan';
import { useBulkAction } from '../../selection/useBulkAction';

/** One office's status, through the command path with the row's version as it stands now. */
function changeOne({ row, to }: BulkStep<OfficeStatus>) {
  const office = appStore.get(officesAtom).byId[row.id];
  return sendCommand({
    entity: 'offices',
    id: row.id,
    version: office?.version,
    optimistic: (o) => ({ ...o, status: to }),
    send: (meta) => endpoints.changeOfficeStatus(row.id, to, meta),
  });
}

/** The ticked offices to one status, each its own command, with progress, summary and Undo (each back to its own status). */
export function useBulkOfficeStatus() {
  const words = useMemo(() => ({ noun: 'office', verb: 'Changed', target: (status: OfficeStatus) => `to ${status}` }), []);
  const { apply, busy } = useBulkAction(words, changeOne, changeOne);
  const changeAll = useCallback(
    (offices: readonly Office[], status: OfficeStatus) =>
      apply(stepsTo(offices.map((o) => ({ id: o.id, name: `Office ${o.office_number}`, from: o.status })), status), status, 'Changing'),
    [apply],
  );
  return { changeAll, busy };
}
