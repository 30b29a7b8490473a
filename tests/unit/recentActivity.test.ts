import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@shared/activity';
import { activityKind } from '@shared/activityKinds';
import { recentActivity } from '../../server/activity/recentActivity';

const entry = (position: number, at: string, entity: string): ActivityEntry => ({
  position,
  type: 'Anything',
  at,
  user_name: 'Alex Morgan',
  entity,
  entity_id: `id-${position}`,
  summary: `change ${position}`,
  changes: [],
});

describe("the dashboard's recent activity", () => {
  it('given every kind of row the log records, then each reads in words, never the stream name', () => {
    expect(['office', 'member', 'task', 'template', 'deal', 'contact', 'company', 'location', 'user'].map(activityKind)).toEqual([
      'Office', 'Member', 'Task', 'Template', 'Deal', 'Contact', 'Company', 'Location', 'User',
    ]);
    expect(activityKind('resource')).toBe('Document');
    expect(activityKind('settings')).toBe('Settings');
    expect(activityKind('slack_workflows')).toBe('Slack rule');
    expect(activityKind('slack_config')).toBe('Slack settings');
    expect(activityKind('gmail')).toBe('Gmail');
  });

  it('given a kind not listed yet, then it still reads as words', () => {
    expect(activityKind('floor_plan')).toBe('Floor plan');
  });

  it('given events appended out of time order (history recorded with its own earlier times), then the newest by time comes first', () => {
    const entries = [
      entry(30, '2026-03-01T09:00:00.000Z', 'task'),
      entry(29, '2026-03-05T09:00:00.000Z', 'resource'),
      entry(28, '2026-03-03T09:00:00.000Z', 'slack_config'),
    ];
    expect(recentActivity(entries).map((a) => [a.type, a.at])).toEqual([
      ['Document', '2026-03-05T09:00:00.000Z'],
      ['Slack settings', '2026-03-03T09:00:00.000Z'],
      ['Task', '2026-03-01T09:00:00.000Z'],
    ]);
  });

  it('given two events at the same moment, then the later one in the log comes first', () => {
    const at = '2026-03-01T09:00:00.000Z';
    expect(recentActivity([entry(1, at, 'office'), entry(2, at, 'member')]).map((a) => a.entity_id)).toEqual(['id-2', 'id-1']);
  });
});
