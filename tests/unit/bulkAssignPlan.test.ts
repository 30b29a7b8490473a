import { describe, expect, it } from 'vitest';
import type { Office } from '@shared/schemas/offices';
import { ApiError } from '../../client/src/api/client';
import { undoPlan } from '../../client/src/screens/selection/bulkPlan';
import { runBulk } from '../../client/src/screens/selection/runBulk';
import { assignCommand, assignSteps } from '../../client/src/screens/offices/selection/assignPlan';

// Only the fields the plan reads; the rest of an office does not matter here.
const office = (id: string, office_number: string, member_id: string | null) => ({ id, office_number, member_id }) as Office;

const offices = [office('o1', '101', null), office('o2', '102', 'acme'), office('o3', '103', 'globex'), office('o4', '104', null)];

describe('the office grid bulk Assign', () => {
  it('given ticked offices, when planned for one company, then each office goes to it from whichever company held it', () => {
    expect(assignSteps(offices, 'acme')).toEqual([
      { row: { id: 'o1', name: 'Office 101', from: null }, to: 'acme' },
      { row: { id: 'o2', name: 'Office 102', from: 'acme' }, to: 'acme' },
      { row: { id: 'o3', name: 'Office 103', from: 'globex' }, to: 'acme' },
      { row: { id: 'o4', name: 'Office 104', from: null }, to: 'acme' },
    ]);
  });

  it('given a run with one office already the company’s and one refused, then one lease command per other office, the refusal kept with its reason', async () => {
    const sent: unknown[] = [];
    const summary = await runBulk(
      assignSteps(offices, 'acme'),
      async (step) => {
        const command = assignCommand(step);
        sent.push(command);
        if (command.officeId === 'o3') throw new ApiError(409, 'Office is already assigned to another member company');
      },
      () => {},
    );
    expect(sent).toEqual([
      { kind: 'lease', memberId: 'acme', officeId: 'o1' },
      { kind: 'lease', memberId: 'acme', officeId: 'o3' },
      { kind: 'lease', memberId: 'acme', officeId: 'o4' },
    ]);
    expect(summary.unchanged.map((r) => r.id)).toEqual(['o2']);
    expect(summary.refused).toEqual([{ row: { id: 'o3', name: 'Office 103', from: 'globex' }, reason: 'Office is already assigned to another member company' }]);
  });

  it('given that run, when undone, then only the offices it assigned are released by the company, back to vacant', async () => {
    const summary = await runBulk(
      assignSteps(offices, 'acme'),
      async ({ row }) => {
        if (row.id === 'o3') throw new ApiError(409, 'taken');
      },
      () => {},
    );
    expect(undoPlan(summary).map(assignCommand)).toEqual([
      { kind: 'release', memberId: 'acme', officeId: 'o1' },
      { kind: 'release', memberId: 'acme', officeId: 'o4' },
    ]);
  });
});
