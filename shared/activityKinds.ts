/**
 * What an activity entry is about, in words: the dashboard's type badge. A stream's own name
 * (`resource`, `slack_config`) is the log's bookkeeping and never shown. Pure.
 */
const KINDS: Record<string, string> = {
  office: 'Office',
  member: 'Member',
  task: 'Task',
  template: 'Template',
  deal: 'Deal',
  contact: 'Contact',
  company: 'Company',
  location: 'Location',
  user: 'User',
  resource: 'Document',
  settings: 'Settings',
  slack_config: 'Slack settings',
  slack_workflows: 'Slack rule',
  gmail: 'Gmail',
  booking: 'Booking',
};

/** 'resource' -> 'Document'; a kind not listed yet still reads as words ('floor_plan' -> 'Floor plan'). */
export function activityKind(streamType: string): string {
  const known = KINDS[streamType];
  if (known) return known;
  const words = streamType.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Change';
}
