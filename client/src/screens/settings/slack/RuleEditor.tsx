import { useId, useRef } from 'react';
import { RotateCcw, Trash2 } from 'lucide-react';
import { renderTemplate } from '@shared/domain/slackTemplate';
import {
  CHANNEL_MAX,
  DEFAULT_TEMPLATES,
  SLACK_EVENT_DESCRIPTIONS,
  SLACK_EVENT_LABELS,
  SLACK_EVENT_TYPES,
  TEMPLATE_MAX,
  variablesFor,
  withEventType,
  type SlackEventType,
  type WorkflowRule,
} from '@shared/schemas/slack';
import { Button } from '../../../components/ui/Button';
import { Field, Select, Textarea } from '../../../components/ui/Field';
import { Input } from '../../../components/ui/Input';
import { KeyOptions } from '../../../components/ui/Options';

/** What the preview fills in: a deal as the variables would read. */
const SAMPLE = {
  company_name: 'Northwind Labs',
  deal_name: 'Northwind HQ expansion',
  offered_price: '$4,500',
  location_name: '55 Broadway',
  old_stage: 'Tour Booked',
  new_stage: 'Tour Completed',
};

/** One workflow rule: its event type, on/off, channel override, template with its variables. */
export function RuleEditor({ rule, index, onChange, onRemove }: { rule: WorkflowRule; index: number; onChange: (rule: WorkflowRule) => void; onRemove: () => void }) {
  const id = useId();
  const template = useRef<HTMLTextAreaElement | null>(null);
  const name = `Rule ${index + 1}`;

  /** A chip puts its variable where the cursor is (or at the end), and the cursor after it. */
  const insert = (variable: string) => {
    const text = `{${variable}}`;
    const area = template.current;
    const start = area?.selectionStart ?? rule.message_template.length;
    const end = area?.selectionEnd ?? start;
    const next = rule.message_template.slice(0, start) + text + rule.message_template.slice(end);
    onChange({ ...rule, message_template: next.slice(0, TEMPLATE_MAX) });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  return (
    <li className="space-y-4 rounded-lg border border-slate-200 p-4" aria-labelledby={`${id}-name`} data-testid="slack-rule">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-name`} className="text-sm font-semibold text-slate-900">
          {name}: {SLACK_EVENT_LABELS[rule.event_type]}
        </h4>
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-4 w-4 rounded border-slate-300" checked={rule.enabled} onChange={(e) => onChange({ ...rule, enabled: e.target.checked })} />
            Enabled
          </label>
          <Button variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove ${name}`} title={`Remove ${name}`}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Event type" hint={<span className="text-xs">{SLACK_EVENT_DESCRIPTIONS[rule.event_type]}</span>}>
          {(control) => (
            <Select {...control} value={rule.event_type} onChange={(e) => onChange(withEventType(rule, e.target.value as SlackEventType))}>
              <KeyOptions keys={SLACK_EVENT_TYPES} labels={SLACK_EVENT_LABELS} />
            </Select>
          )}
        </Field>
        <Field label="Channel" hint={<span className="text-xs">optional, e.g. #sales or @dana</span>}>
          {(control) => <Input {...control} value={rule.channel} maxLength={CHANNEL_MAX} placeholder="The webhook's channel" onChange={(e) => onChange({ ...rule, channel: e.target.value })} />}
        </Field>
      </div>
      <Field label="Message template">
        {(control) => (
          <Textarea
            {...control}
            ref={template}
            rows={3}
            maxLength={TEMPLATE_MAX}
            value={rule.message_template}
            onChange={(e) => onChange({ ...rule, message_template: e.target.value })}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Variables for ${name}`}>
        <span className="text-xs text-slate-500">Insert:</span>
        {variablesFor(rule.event_type).map((variable) => (
          <button
            key={variable}
            type="button"
            onClick={() => insert(variable)}
            className="rounded-full bg-slate-100 px-2 py-0.5 font-mono text-xs text-slate-700 ring-1 ring-slate-200 hover:bg-slate-200 focus:ring-2 focus:ring-brand-300 focus:outline-none"
          >
            {`{${variable}}`}
          </button>
        ))}
        <Button variant="ghost" size="sm" className="ml-auto" onClick={() => onChange({ ...rule, message_template: DEFAULT_TEMPLATES[rule.event_type] })}>
          <RotateCcw className="h-3.5 w-3.5" aria-hidden /> Reset to Default Template
        </Button>
      </div>
      <p className="rounded-md bg-slate-50 px-3 py-2 text-xs text-slate-600">
        <span className="font-medium text-slate-700">Preview: </span>
        {renderTemplate(rule.message_template, rule.event_type, SAMPLE)}
      </p>
    </li>
  );
}
