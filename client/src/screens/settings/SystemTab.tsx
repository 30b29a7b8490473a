import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { AlertTriangle, CalendarDays, KeyRound, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { POLICY, may } from '@shared/policy';
import { CRM_API_KEY_MAX, SYSTEM_SETTINGS_ID, UpdateSystemSettingsInput, type CompanySettings, type SystemSettings } from '@shared/schemas/settings';
import { endpoints } from '../../api/endpoints';
import { AccessDenied } from '../../auth/RoleGuard';
import { useUser } from '../../auth/session';
import { ActionDialog } from '../../components/ActionDialog';
import { ChangeNotice } from '../../components/ChangeNotice';
import { LoadFailed } from '../../components/LoadFailed';
import { ErrorBanner } from '../../components/ui/Banner';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { LoadingNote } from '../../components/ui/Spinner';
import { asRequest } from '../../forms/fields';
import { reloadKeepingTyped } from '../../forms/reloadKeepingTyped';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { reasonOf } from '../../lib/errorText';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtomValue } from '../../state/jotai';
import { companySettingsAtom } from '../resources/atoms';
import { TimeOffFields } from '../resources/TimeOffFields';
import { TIME_OFF_LABELS, companyPart, timeOffFields, timeOffValuesOf, versionOf } from '../resources/timeOffForm';
import { logFailure } from '../../lib/logFailure';

/** The System tab's form: a new CRM key (empty keeps the saved one) and the company's time off. */
const SystemForm = z
  .object({
    crm_api_key: z
      .string()
      .trim()
      .transform((key) => key || undefined),
    ...timeOffFields,
  })
  .transform(asRequest(UpdateSystemSettingsInput));
type SystemValues = z.input<typeof SystemForm>;
const valuesOf = (settings: CompanySettings): SystemValues => ({ crm_api_key: '', ...timeOffValuesOf(settings) });

/**
 * Settings → System (administrators): the CRM provider's API key, stored encrypted and only ever
 * shown masked, and the company holidays and vacation days every employee sees on Employee
 * Resources. Self-contained: it loads, saves and follows live changes on its own.
 */
export function SystemTab() {
  const user = useUser();
  const allowed = may(user, 'settings.system');
  if (!allowed) return <AccessDenied required={[...POLICY['settings.system'].roles]} detail="System settings are for administrators." />;
  return <SystemSettingsPanel />;
}
export default SystemTab;

function SystemSettingsPanel() {
  const live = useLiveQuery('company_settings', 'company', async () => [await endpoints.companySettings()]);
  const row = useAtomValue(companySettingsAtom).byId[SYSTEM_SETTINGS_ID] ?? null;
  const [system, setSystem] = useState<SystemSettings | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const version = row?.version ?? -1;

  // The masked key is the administrators' alone: read again whenever the settings move (a key
  // saved elsewhere moves the version everyone sees).
  useEffect(() => {
    let cancelled = false;
    endpoints.systemSettings().then(
      (settings) => {
        if (cancelled) return;
        setSystem(settings);
        setFailure(null);
      },
      (error: unknown) => !cancelled && setFailure(error),
    );
    return () => {
      cancelled = true;
    };
  }, [attempt, version]);

  const retry = () => {
    setFailure(null);
    setAttempt((n) => n + 1);
    live.retry();
  };
  if (live.status === 'error' || (failure && !system)) {
    return <LoadFailed title="Failed to load settings data" error={live.error ?? failure} onRetry={retry} />;
  }
  if (!row || !system) {
    return <LoadingNote text="Loading settings..." label="Loading settings" />;
  }
  return <SystemSettingsForm row={row} system={system} onSaved={setSystem} />;
}

function SystemSettingsForm({ row, system, onSaved }: { row: CompanySettings; system: SystemSettings; onSaved: (settings: SystemSettings) => void }) {
  const formId = useId();
  const edited = useEditedRow('company_settings', row, { noun: 'settings', labels: TIME_OFF_LABELS, fetchRow: () => endpoints.companySettings() });
  const { form, onSubmit } = useSchemaForm(SystemForm, valuesOf(row));
  const { errors, isSubmitting } = form.formState;
  const [removing, setRemoving] = useState(false);

  /** Saves, then takes the saved row as the form's new base, so the next save holds to its version. */
  const save = async (body: z.output<typeof SystemForm>) => {
    await sendCommand({
      entity: 'company_settings',
      id: row.id,
      version: versionOf(edited.base),
      send: (meta) =>
        endpoints.updateSystemSettings(body, meta).then((settings) => {
          onSaved(settings);
          return companyPart(settings);
        }),
    });
    await edited.reload((latest) => form.reset(valuesOf(latest))).catch(() => form.reset({ ...form.getValues(), crm_api_key: '' }));
  };
  const submit = onSubmit(async (body) => {
    try {
      await save(body);
      toast.success('System settings saved');
    } catch (e) {
      logFailure('Failed to save system settings', e);
      if (!edited.takeConflict(e)) showServerError(form, e);
    }
  });
  const reload = reloadKeepingTyped(edited, form, valuesOf);

  return (
    <Card className="p-5 sm:p-6" data-testid="system-settings">
      <form id={formId} onSubmit={submit} noValidate className="space-y-6">
        {(edited.notice || errors.root?.server?.message) && (
          <div className="space-y-3">
            {edited.notice && <ChangeNotice {...edited.notice} reloading={edited.reloading} onReload={edited.canReload ? reload : undefined} />}
            {errors.root?.server?.message && <ErrorBanner title="Failed to save system settings" message={errors.root.server.message} />}
          </div>
        )}

        <section aria-labelledby={`${formId}-crm`} className="space-y-3">
          <header className="flex items-center gap-2">
            <KeyRound className="h-5 w-5 text-slate-500" aria-hidden />
            <h2 id={`${formId}-crm`} className="text-base font-semibold text-slate-900">
              CRM integration
            </h2>
          </header>
          <p className="text-sm text-slate-600" data-testid="crm-key-status">
            {system.crm_api_key ? (
              <>
                A key is saved: <span className="font-mono text-slate-900">{system.crm_api_key}</span>. It is stored encrypted and never shown in full.
              </>
            ) : system.crm_api_key_set ? (
              'A key is saved but cannot be read by this server.'
            ) : (
              'No key is saved.'
            )}
          </p>
          {system.crm_api_key_problem && (
            <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> {system.crm_api_key_problem}
            </p>
          )}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field className="flex-1" label={system.crm_api_key_set ? 'New CRM API key' : 'CRM API key'} hint={system.crm_api_key_set ? <span className="text-xs">leave empty to keep the saved one</span> : undefined} error={errors.crm_api_key?.message}>
              {(control) => <Input {...control} type="password" autoComplete="off" spellCheck={false} maxLength={CRM_API_KEY_MAX} placeholder={system.crm_api_key ?? 'Paste the key from your CRM provider'} {...form.register('crm_api_key')} />}
            </Field>
            {system.crm_api_key_set && (
              <Button variant="secondary" className="text-red-700" onClick={() => setRemoving(true)}>
                <Trash2 className="h-4 w-4" aria-hidden /> Remove key
              </Button>
            )}
          </div>
        </section>

        <section aria-labelledby={`${formId}-time-off`} className="space-y-3 border-t border-slate-100 pt-5">
          <header className="flex items-center gap-2">
            <CalendarDays className="h-5 w-5 text-slate-500" aria-hidden />
            <h2 id={`${formId}-time-off`} className="text-base font-semibold text-slate-900">
              Company time off
            </h2>
          </header>
          <p className="text-sm text-slate-600">Shown to every employee on Employee Resources.</p>
          <TimeOffFields register={form.register} errors={errors} />
        </section>

        <div className="flex justify-end border-t border-slate-100 pt-4">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
      {removing && <RemoveKeyDialog onRemove={() => save({ crm_api_key: null })} onClose={() => setRemoving(false)} />}
    </Card>
  );
}

/** Asks before removing the saved key; a refusal stays in the dialog. */
function RemoveKeyDialog({ onRemove, onClose }: { onRemove: () => Promise<void>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    try {
      await onRemove();
      toast.success('CRM API key removed');
      onClose();
    } catch (e) {
      logFailure('Failed to remove the CRM API key', e);
      setFailure(reasonOf(e));
      setBusy(false);
    }
  };
  return (
    <ActionDialog
      title="Remove CRM API key"
      onClose={onClose}
      notice={failure && <ErrorBanner title="Failed to remove the key" message={failure} onDismiss={() => setFailure(null)} />}
      primary={{ onClick: remove, label: 'Remove key', busyLabel: 'Removing...', busy, variant: 'danger' }}
    >
      <p className="text-sm text-slate-700">Remove the saved CRM API key? Anything that uses it stops working until a new key is saved.</p>
    </ActionDialog>
  );
}
