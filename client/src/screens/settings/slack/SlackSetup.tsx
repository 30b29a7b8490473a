import { useId, useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { DEFAULT_TEST_MESSAGE, SLACK_CONFIG_ID, SLACK_MESSAGES, canTestWebhook, isMaskedWebhook, type SlackConfig } from '@shared/schemas/slack';
import { ApiError } from '../../../api/client';
import { slackEndpoints } from '../../../api/slackEndpoints';
import { LoadFailed } from '../../../components/LoadFailed';
import { Badge } from '../../../components/ui/Badge';
import { ErrorBanner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Input } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { reasonOf } from '../../../lib/errorText';
import { sendCommand } from '../../../live/command';
import { useLiveQuery } from '../../../live/useLiveQuery';
import { useAtomValue } from '../../../state/jotai';
import { slackConfigAtom } from './slackAtoms';
import { SuccessNote } from './SuccessNote';
import { useFlash } from './useFlash';
import { logFailure } from '../../../lib/logFailure';

interface Draft {
  webhook_url: string;
  enabled: boolean;
  /** The version the administrator started from: a save over someone else's is a 409 naming them. */
  version: number;
}

const draftOf = (config: SlackConfig): Draft => ({
  webhook_url: config.webhook_url ?? '',
  // A first configuration is meant to send; afterwards the switch is as saved.
  enabled: config.version === 0 ? true : config.enabled,
  version: config.version,
});

/** Setup & Connection: the incoming-webhook URL, the on/off switch, Save Configuration and Test. */
export function SlackSetup() {
  const live = useLiveQuery('slack_config', 'config', async () => [await slackEndpoints.config()]);
  const config = useAtomValue(slackConfigAtom).byId[SLACK_CONFIG_ID] ?? null;
  if (live.status === 'error') return <LoadFailed compact title="Failed to load the Slack configuration" error={live.error} onRetry={live.retry} />;
  if (!config) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" label="Loading the Slack configuration" /> Loading the Slack configuration...
      </p>
    );
  }
  return <SetupForm config={config} />;
}

function SetupForm({ config }: { config: SlackConfig }) {
  const id = useId();
  // null: nothing typed, the form shows the configuration as it stands (and follows live changes).
  const [draft, setDraft] = useState<Draft | null>(null);
  const shown = draft ?? draftOf(config);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, flash] = useFlash();
  const edit = (change: Partial<Draft>) => {
    setFieldError(null);
    setDraft({ ...shown, ...change });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    flash(null);
    const webhook_url = shown.webhook_url.trim();
    if (!webhook_url) {
      setFieldError(SLACK_MESSAGES.webhookRequired);
      return;
    }
    setSaving(true);
    try {
      await sendCommand({
        entity: 'slack_config',
        id: config.id,
        version: shown.version > 0 ? shown.version : undefined,
        send: (meta) => slackEndpoints.saveConfig({ webhook_url, enabled: shown.enabled }, meta),
      });
      setDraft(null);
      flash(SLACK_MESSAGES.configSaved);
    } catch (error) {
      logFailure('Failed to save Slack configuration', error);
      setFailure(SLACK_MESSAGES.saveConfigFailed(reasonOf(error)));
      // Someone else saved meanwhile (the message names them): what was typed stays, and saving
      // again replaces their configuration knowingly.
      if (error instanceof ApiError && error.status === 409) setDraft({ ...shown, version: config.version });
    } finally {
      setSaving(false);
    }
  };

  const test = async () => {
    setFailure(null);
    flash(null);
    setTesting(true);
    try {
      const url = shown.webhook_url.trim();
      await slackEndpoints.test({ message: DEFAULT_TEST_MESSAGE, ...(url && !isMaskedWebhook(url) ? { webhook_url: url } : {}) });
      flash(SLACK_MESSAGES.testSent);
    } catch (error) {
      logFailure('Failed to send test message', error);
      setFailure(SLACK_MESSAGES.testFailed(reasonOf(error)));
    } finally {
      setTesting(false);
    }
  };

  return (
    <form onSubmit={save} noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          Incoming webhook
        </h3>
        {config.webhook_url_set ? (
          <Badge tone={config.enabled ? 'green' : 'grey'} data-testid="slack-status">
            {config.enabled ? 'Connected' : 'Notifications off'}
          </Badge>
        ) : (
          <Badge tone="amber" data-testid="slack-status">
            Not configured
          </Badge>
        )}
      </div>
      {failure && <ErrorBanner message={failure} onDismiss={() => setFailure(null)} />}
      <SuccessNote message={success} />
      <Field
        label="Webhook URL"
        error={fieldError ?? undefined}
        hint={config.webhook_url_set ? <span className="text-xs">saved URLs are shown masked; paste a new one to replace it</span> : undefined}
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://hooks.slack.com/services/..."
            value={shown.webhook_url}
            onChange={(e) => edit({ webhook_url: e.target.value })}
          />
        )}
      </Field>
      <p className="text-xs text-slate-500">Create an incoming webhook in your Slack workspace (Apps → Incoming Webhooks) and paste its URL here.</p>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" className="h-4 w-4 rounded border-slate-300" checked={shown.enabled} onChange={(e) => edit({ enabled: e.target.checked })} />
        Send notifications to Slack
      </label>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="secondary" onClick={test} disabled={testing || !canTestWebhook(shown.webhook_url)}>
          <Send className="h-4 w-4" aria-hidden /> {testing ? 'Sending...' : 'Test'}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Configuration'}
        </Button>
      </div>
    </form>
  );
}
