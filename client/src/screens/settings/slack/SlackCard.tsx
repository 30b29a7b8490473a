import { useState } from 'react';
import { slackEndpoints } from '../../../api/slackEndpoints';
import { useLiveQuery } from '../../../live/useLiveQuery';
import { Tabs } from '../../../components/ui/Tabs';
import { SlackDeliveryLog } from './SlackDeliveryLog';
import { SlackSetup } from './SlackSetup';
import { SlackWorkflows } from './SlackWorkflows';

type SlackTab = 'setup' | 'workflows';
const TABS: { key: SlackTab; label: string }[] = [
  { key: 'setup', label: 'Setup & Connection' },
  { key: 'workflows', label: 'Notification Workflows' },
];

/**
 * The Slack card's body (administrators only; the Integrations tab shows the card to them alone):
 * the spec's two tabs, Setup & Connection and Notification Workflows, and below them the log of
 * the latest notifications and how sending each went.
 */
export function SlackCard() {
  const [tab, setTab] = useState<SlackTab>('setup');
  // The rules are read here for both the Workflows tab and the delivery log (which names them).
  const rules = useLiveQuery('slack_workflows', 'workflows', async () => [await slackEndpoints.workflows()]);
  return (
    <div className="space-y-6" data-testid="slack-card">
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Slack settings">
        {tab === 'setup' ? <SlackSetup /> : <SlackWorkflows query={rules} />}
      </Tabs>
      <SlackDeliveryLog />
    </div>
  );
}
