import { describe, expect, it } from 'vitest';
import type { SlackDelivery } from '@shared/schemas/slack';
import { latestDeliveries } from '../../client/src/screens/settings/slack/deliveryOrder';

const delivery = (event_position: number, rule_id: string, created_at: string): SlackDelivery => ({
  id: `${event_position}:${rule_id}`,
  event_position,
  rule_id,
  event_type: 'deal_stage_change',
  deal_id: '11111111-1111-4111-8111-111111111111',
  deal_name: 'Deal',
  channel: '',
  text: 'moved',
  status: 'pending',
  attempts: 0,
  status_code: null,
  error: null,
  created_at,
  last_attempt_at: null,
  next_attempt_at: null,
  delivered_at: null,
  version: 1,
  updated_at: created_at,
});

describe('the delivery log order', () => {
  it('lists the latest first, then the later event, then the rule, as the server does', () => {
    const rows = [
      delivery(5, 'b', '2026-01-01T10:00:00.000Z'),
      delivery(9, 'a', '2026-01-01T11:00:00.000Z'),
      delivery(5, 'a', '2026-01-01T10:00:00.000Z'),
      delivery(7, 'a', '2026-01-01T10:00:00.000Z'),
    ];
    expect(latestDeliveries(rows).map((r) => r.id)).toEqual(['9:a', '7:a', '5:a', '5:b']);
  });
  it('keeps at most the log length: a pushed new notification pushes the oldest off', () => {
    const rows = [delivery(1, 'a', '2026-01-01T10:00:00.000Z'), delivery(2, 'a', '2026-01-01T10:01:00.000Z'), delivery(3, 'a', '2026-01-01T10:02:00.000Z')];
    expect(latestDeliveries(rows, 2).map((r) => r.id)).toEqual(['3:a', '2:a']);
  });
});
