import { toast } from 'sonner';
import { REQUIRED_DEAL, type Deal } from '@shared/schemas/deals';
import type { Location } from '@shared/schemas/locations';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { ChangeNotice } from '../../components/ChangeNotice';
import { ErrorBanner } from '../../components/ui/Banner';
import { FormError } from '../../components/ui/Field';
import { reloadKeepingTyped } from '../../forms/reloadKeepingTyped';
import { requiredSummary } from '../../forms/requiredSummary';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { DealFields } from './DealFields';
import { AddDealForm, DEAL_FIELD_LABELS, DEAL_REQUIRED, EditDealForm, dealValuesOf, emptyDealValues, focusDealField } from './dealForms';
import { logFailure } from '../../lib/logFailure';

const WIDE = 'max-w-3xl';

export function AddDealDialog({ locations, defaultLocationId, onClose, onCreated }: ActionDialogProps & { locations: Location[]; defaultLocationId: string; onCreated: (deal: Deal) => void }) {
  const user = useUser();
  const { form, onSubmit } = useSchemaForm(AddDealForm, emptyDealValues(defaultLocationId, user.name));
  const { errors, isSubmitting } = form.formState;
  const nameOf = (id: string) => locations.find((l) => l.id === id)?.name ?? '';
  const submit = onSubmit(async (body) => {
    try {
      const deal = await sendCommand({ entity: 'deals', send: (meta) => endpoints.createDeal(body, meta) });
      toast.success(`Deal ${body.deal_name} added`);
      onClose();
      if (deal) onCreated(deal);
    } catch (e) {
      logFailure('Failed to add deal', e);
      showServerError(form, e, { focus: focusDealField(form.setFocus) });
    }
  });
  const missing = requiredSummary(errors, DEAL_REQUIRED, REQUIRED_DEAL);
  return (
    <ActionDialog
      title="Add Deal"
      onClose={onClose}
      primary={{ form: 'add-deal-form', label: 'Add Deal', busyLabel: 'Adding...', busy: isSubmitting }}
      notice={
        (errors.root?.server || missing) && (
          <>
            {errors.root?.server?.message && <ErrorBanner title="Failed to add deal" message={errors.root.server.message} />}
            <FormError message={missing} />
          </>
        )
      }
      className={WIDE}
    >
      <form id="add-deal-form" onSubmit={submit} noValidate>
        <DealFields form={form} locations={locations} locationName={nameOf} />
      </form>
    </ActionDialog>
  );
}

export function EditDealDialog({ deal, onClose }: ActionDialogProps & { deal: Deal }) {
  const edited = useEditedRow('deals', deal, { noun: 'deal', labels: DEAL_FIELD_LABELS, fetchRow: endpoints.deal });
  const { form, onSubmit } = useSchemaForm(EditDealForm, dealValuesOf(deal));
  const { errors, isSubmitting } = form.formState;
  const submit = onSubmit(async (body) => {
    try {
      // The version the form was filled from: someone else's change since is refused, not overwritten.
      await sendCommand({ entity: 'deals', id: deal.id, version: edited.base.version, send: (meta) => endpoints.updateDeal(deal.id, body, meta) });
      toast.success(`Deal ${body.deal_name ?? deal.deal_name} saved`);
      onClose();
    } catch (e) {
      logFailure('Failed to update deal', e);
      if (!edited.takeConflict(e)) showServerError(form, e, { focus: focusDealField(form.setFocus) });
    }
  });
  const reload = reloadKeepingTyped(edited, form, dealValuesOf);
  const missing = requiredSummary(errors, DEAL_REQUIRED, REQUIRED_DEAL);
  return (
    <ActionDialog
      title="Edit Deal"
      description={`${deal.deal_name} · ${deal.location_name}`}
      onClose={onClose}
      primary={{ form: 'edit-deal-form', label: 'Save Changes', busyLabel: 'Saving...', busy: isSubmitting }}
      notice={
        (edited.notice || errors.root?.server || missing) && (
          <>
            {edited.notice && <ChangeNotice {...edited.notice} reloading={edited.reloading} onReload={edited.canReload ? reload : undefined} />}
            {errors.root?.server?.message && <ErrorBanner title="Failed to update deal" message={errors.root.server.message} />}
            <FormError message={missing} />
          </>
        )
      }
      className={WIDE}
    >
      <form id="edit-deal-form" onSubmit={submit} noValidate>
        <DealFields form={form} locationName={() => deal.location_name} />
      </form>
    </ActionDialog>
  );
}
