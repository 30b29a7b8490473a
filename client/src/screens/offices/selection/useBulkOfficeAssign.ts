import { useCallback, useMemo } from 'react';
import type { Office } from '@shared/schemas/offices';
import { endpoints } from '../../../api/endpoints';
import { sendCommand } from '../../../live/command';
import { appStore } from '../../../state/jotai';
import { membersAtom } from '../../members/atoms';
import type { BulkStep } from '../../selection/bulkPlan';
import { useBulkAction } from '../../selection/useBulkAction';
import { assignCommand, assignSteps, type Holder } from './assignPlan';

/** One office's assignment, through the command path with the company's version as it stands now. */
function assignOne(step: BulkStep<Holder>) {
  const command = assignCommand(step);
  const member = appStore.get(membersAtom).byId[command.memberId];
  return sendCommand({
    entity: 'members',
    id: command.memberId,
    version: member?.version,
    send: (meta) =>
      command.kind === 'lease'
        ? endpoints.leaseMemberOffice(command.memberId, command.officeId, meta)
        : endpoints.assignMemberOffice(command.memberId, null, meta, command.officeId),
  });
}

/** The ticked offices to one member company, each its own command, with progress, summary and Undo (each back to vacant). */
export function useBulkOfficeAssign() {
  const words = useMemo(
    () => ({ noun: 'office', verb: 'Assigned', target: (holder: Holder) => (holder ? `to ${appStore.get(membersAtom).byId[holder]?.company_name ?? 'the company'}` : 'back') }),
    [],
  );
  const { apply, busy } = useBulkAction(words, assignOne, assignOne);
  const assignAll = useCallback((offices: readonly Office[], memberId: string) => apply(assignSteps(offices, memberId), memberId, 'Assigning'), [apply]);
  return { assignAll, busy };
}
