import { describe, expect, it } from 'vitest';
import { CRM_STATUSES } from '@shared/schemas/crm';
import { OFFICE_STATUSES } from '@shared/schemas/offices';
import { TASK_PRIORITIES } from '@shared/domain/tasks';
import { CRM_STATUS_TONE, OFFICE_STATUS_TONE, PRIORITY_TONE } from '../../client/src/components/statusTones';

describe('status colours, as the spec gives them', () => {
  it('given an office status, then its badge is LEASED emerald, VACANT blue, PENDING amber, UNAVAILABLE red', () => {
    expect(OFFICE_STATUSES.map((s) => OFFICE_STATUS_TONE[s])).toEqual(['green', 'blue', 'amber', 'red']);
  });

  it('given a contact or company status, then Prospect is yellow, Member green, Former Member grey', () => {
    expect(CRM_STATUSES.map((s) => CRM_STATUS_TONE[s])).toEqual(['yellow', 'green', 'grey']);
  });

  it('given a task priority, then High is red, Medium amber, Low grey', () => {
    expect(Object.fromEntries(TASK_PRIORITIES.map((p) => [p, PRIORITY_TONE[p]]))).toEqual({ high: 'red', medium: 'amber', low: 'grey' });
  });
});
