import type { ReactNode } from 'react';
import { Mail, MessageSquare } from 'lucide-react';
import { POLICY, may } from '@shared/policy';
import { useUser } from '../../auth/session';
import { Card } from '../../components/ui/Card';
import { GmailCard } from './GmailCard';
import { SlackCard } from './slack/SlackCard';

function IntegrationCard({ icon, title, description, children }: { icon: ReactNode; title: string; description: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700" aria-hidden>
          {icon}
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <p className="mt-0.5 text-sm text-slate-600">{description}</p>
        </div>
      </div>
      <div className="mt-4 border-t border-slate-100 pt-4 text-sm text-slate-600">{children}</div>
    </Card>
  );
}

/**
 * Integrations, as the spec lays them out: the Gmail card for managers and administrators (anyone
 * else reads 'Requires Manager Role'), the Slack card for administrators only.
 */
export function IntegrationsTab() {
  const user = useUser();
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <IntegrationCard icon={<Mail className="h-5 w-5" />} title="Gmail" description="E-mail history with contacts and companies, on their profiles.">
        {may(user, 'gmail.connect') ? <GmailCard /> : <p className="font-medium text-amber-800">{POLICY['gmail.connect'].refusal}</p>}
      </IntegrationCard>
      {may(user, 'slack.configure') && (
        // The whole row: two tabs of forms and the delivery log need the width.
        <div className="lg:col-span-2">
          <IntegrationCard icon={<MessageSquare className="h-5 w-5" />} title="Slack" description="Messages to a channel when deals are signed, leads arrive or deals change stage.">
            <SlackCard />
          </IntegrationCard>
        </div>
      )}
    </div>
  );
}
