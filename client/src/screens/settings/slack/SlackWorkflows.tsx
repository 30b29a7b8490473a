import { useState } from 'react';
import { Plus } from 'lucide-react';
import { SLACK_MESSAGES, SLACK_WORKFLOWS_ID, newRule, type SlackWorkflows as Workflows, type WorkflowRule } from '@shared/schemas/slack';
import { slackEndpoints } from '../../../api/slackEndpoints';
import { LoadFailed } from '../../../components/LoadFailed';
import { ErrorBanner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { reasonOf } from '../../../lib/errorText';
import { sendCommand } from '../../../live/command';
import type { LiveQuery } from '../../../live/useLiveQuery';
import { ApiError } from '../../../api/client';
import { useAtomValue } from '../../../state/jotai';
import { RuleEditor } from './RuleEditor';
import { slackWorkflowsAtom } from './slackAtoms';
import { SuccessNote } from './SuccessNote';
import { useFlash } from './useFlash';
import { logFailure } from '../../../lib/logFailure';

/** Notification Workflows: the rules, each announcing one kind of deal event, saved together. */
export function SlackWorkflows({ query: live }: { query: LiveQuery }) {
  const row = useAtomValue(slackWorkflowsAtom).byId[SLACK_WORKFLOWS_ID] ?? null;
  if (live.status === 'error') return <LoadFailed compact title={SLACK_MESSAGES.loadRulesFailed} error={live.error} onRetry={live.retry} />;
  if (!row) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" label="Loading workflow rules" /> Loading workflow rules...
      </p>
    );
  }
  return <RulesForm row={row} />;
}

function RulesForm({ row }: { row: Workflows }) {
  // null: nothing changed here, the list shows the rules as they stand (and follows live changes).
  const [draft, setDraft] = useState<{ rules: WorkflowRule[]; version: number } | null>(null);
  const rules = draft?.rules ?? row.workflow_rules;
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, flash] = useFlash();
  const change = (next: WorkflowRule[]) => setDraft({ rules: next, version: draft?.version ?? row.version });

  const save = async () => {
    setFailure(null);
    flash(null);
    setSaving(true);
    const version = draft?.version ?? row.version;
    try {
      await sendCommand({
        entity: 'slack_workflows',
        id: row.id,
        version: version > 0 ? version : undefined,
        optimistic: (current) => ({ ...current, workflow_rules: rules }),
        send: (meta) => slackEndpoints.saveWorkflows({ workflow_rules: rules }, meta),
      });
      setDraft(null);
      flash(SLACK_MESSAGES.rulesSaved);
    } catch (error) {
      logFailure('Failed to save workflow rules', error);
      setFailure(SLACK_MESSAGES.saveRulesFailed(reasonOf(error)));
      // Someone else saved meanwhile (the message names them): what was typed stays, and saving
      // again replaces their rules knowingly.
      if (error instanceof ApiError && error.status === 409) setDraft({ rules, version: row.version });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">Each enabled rule posts its message when a deal event of its type happens. Variables in braces are filled in from the deal.</p>
      {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
      <SuccessNote message={success} />
      {rules.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">No workflow rules yet. Add one to start sending notifications.</p>
      ) : (
        <ul className="space-y-4" aria-label="Workflow rules">
          {rules.map((rule, index) => (
            <RuleEditor
              key={rule.id}
              rule={rule}
              index={index}
              onChange={(next) => change(rules.map((r) => (r.id === rule.id ? next : r)))}
              onRemove={() => change(rules.filter((r) => r.id !== rule.id))}
            />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap justify-between gap-2 border-t border-slate-100 pt-4">
        <Button variant="secondary" onClick={() => change([...rules, newRule(crypto.randomUUID())])}>
          <Plus className="h-4 w-4" aria-hidden /> Add Rule
        </Button>
        <Button onClick={save} disabled={saving || !draft}>
          {saving ? 'Saving...' : 'Save Workflow Rules'}
        </Button>
      </div>
    </div>
  );
}
