import { RefreshCw } from 'lucide-react';
import { SLACK_EVENT_LABELS, SLACK_WORKFLOWS_ID, type DeliveryStatus } from '@shared/schemas/slack';
import { slackEndpoints } from '../../../api/slackEndpoints';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { reasonOf } from '../../../lib/errorText';
import { rowsOf } from '../../../live/collection';
import { liveConnectionsAtom } from '../../../live/liveState';
import { useLiveQuery } from '../../../live/useLiveQuery';
import { useAtomValue } from '../../../state/jotai';
import { DELIVERY_LOG_LENGTH, latestDeliveries } from './deliveryOrder';
import { slackDeliveriesAtom, slackWorkflowsAtom } from './slackAtoms';

const STATUS: Record<DeliveryStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Retrying', tone: 'amber' },
  sending: { label: 'Sending', tone: 'blue' },
  delivered: { label: 'Delivered', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '');

/** The latest notifications: which event and rule, how sending went, when, and why it failed. */
export function SlackDeliveryLog() {
  // The log is not in the event log: its rows are pushed as they change, and no catch-up
  // replays what changed while the socket was away, so it loads again at every reconnection.
  const connections = useAtomValue(liveConnectionsAtom);
  const query = useLiveQuery('slack_deliveries', `recent#${connections}`, () => slackEndpoints.deliveries(DELIVERY_LOG_LENGTH));
  const cached = useAtomValue(slackDeliveriesAtom);
  const rows = query.status !== 'ready' && rowsOf(cached).length === 0 ? null : latestDeliveries(rowsOf(cached));
  const failure = query.status === 'error' ? query.error : null;
  const loading = query.status === 'loading';
  const rules = useAtomValue(slackWorkflowsAtom).byId[SLACK_WORKFLOWS_ID]?.workflow_rules ?? null;
  const ruleName = (id: string) => {
    const index = rules?.findIndex((r) => r.id === id) ?? -1;
    if (index >= 0) return `Rule ${index + 1}`;
    return rules ? 'A removed rule' : `Rule ${id.slice(0, 8)}`;
  };

  return (
    <section aria-labelledby="slack-delivery-log" className="space-y-3 border-t border-slate-100 pt-5" data-testid="slack-delivery-log">
      <div className="flex items-center justify-between gap-2">
        <h3 id="slack-delivery-log" className="text-sm font-semibold text-slate-900">
          Delivery log
        </h3>
        <Button variant="ghost" size="sm" onClick={query.retry} disabled={loading}>
          <RefreshCw className="h-3.5 w-3.5" aria-hidden /> Refresh
        </Button>
      </div>
      {failure !== null && (
        <p role="alert" className="text-sm text-red-700">
          Failed to load the delivery log: {reasonOf(failure)}
        </p>
      )}
      {rows === null && failure === null && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="h-4 w-4" label="Loading the delivery log" /> Loading...
        </p>
      )}
      {rows?.length === 0 && <p className="text-sm text-slate-600">No notifications sent yet.</p>}
      {rows && rows.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1.5 pr-3 font-medium">Time</th>
                <th scope="col" className="py-1.5 pr-3 font-medium">Event</th>
                <th scope="col" className="py-1.5 pr-3 font-medium">Rule</th>
                <th scope="col" className="py-1.5 pr-3 font-medium">Status</th>
                <th scope="col" className="py-1.5 font-medium">Details</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={`${row.event_position}:${row.rule_id}`} className="align-top">
                  <td className="py-2 pr-3 whitespace-nowrap text-slate-600">{time(row.last_attempt_at ?? row.created_at)}</td>
                  <td className="py-2 pr-3">
                    <span className="font-medium text-slate-900">{row.event_type === 'board_summary' ? 'Deal Board Summary' : SLACK_EVENT_LABELS[row.event_type]}</span>
                    <span className="block text-xs text-slate-500">{row.deal_name}</span>
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap text-slate-700">
                    {ruleName(row.rule_id)}
                    {row.channel && <span className="block text-xs text-slate-500">{row.channel}</span>}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
                    <span className="block text-xs text-slate-500">
                      {row.attempts} {row.attempts === 1 ? 'attempt' : 'attempts'}
                      {row.status_code !== null ? `, HTTP ${row.status_code}` : ''}
                    </span>
                  </td>
                  <td className="py-2 text-xs text-slate-600">
                    {row.error ?? (row.delivered_at ? `Delivered ${time(row.delivered_at)}` : '')}
                    {row.status === 'pending' && row.next_attempt_at && <span className="block">Next try {time(row.next_attempt_at)}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
