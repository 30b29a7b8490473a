import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { MEMBERSHIP_TYPES, type Member } from '@shared/schemas/members';
import { endpoints } from '../../api/endpoints';
import { ProfileEditForm } from '../../components/ProfileEditForm';
import { Field, Select } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { PrimaryContactFields } from './PrimaryContactFields';
import { reloadKeepingTyped } from '../../forms/reloadKeepingTyped';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useTabbedFocus } from '../../forms/useTabbedFocus';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { MEMBER_FIELD_LABELS, MEMBER_PROFILE_FIELDS, MemberProfileForm, memberValuesOf, type MemberTab } from './memberForms';
import { logFailure } from '../../lib/logFailure';

/**
 * The member profile in edit mode: company, membership and primary contact as one form. Like
 * the dialogs, it edits from the row as editing began: a change by someone else meanwhile is
 * named, and Reload takes it keeping what was typed.
 */
export function MemberProfileEditor({
  member,
  tab,
  onTab,
  onDone,
  readOnly,
}: {
  member: Member;
  tab: MemberTab;
  onTab: (tab: MemberTab) => void;
  onDone: () => void;
  /** What a tab without editable fields shows (Employees, Office Assignment). */
  readOnly: ReactNode;
}) {
  const edited = useEditedRow('members', member, { noun: 'member company', labels: MEMBER_FIELD_LABELS, fetchRow: endpoints.member });
  // An invalid field may sit on another tab: open it first (the hook needs the form's setFocus, hence the indirection).
  const { form, onSubmit } = useSchemaForm(MemberProfileForm, memberValuesOf(member), { focus: (paths: string[]): void => focusOnTab(paths) });
  const focusOnTab: (paths: string[]) => void = useTabbedFocus(MEMBER_PROFILE_FIELDS, onTab, form.setFocus);
  const { register, formState } = form;
  const { errors } = formState;

  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'members', id: member.id, version: edited.base.version, send: (meta) => endpoints.updateMember(member.id, body, meta) });
      toast.success('Member saved');
      onDone();
    } catch (e) {
      logFailure('Failed to update member', e);
      if (!edited.takeConflict(e)) showServerError(form, e, { focus: focusOnTab });
    }
  });
  const reload = reloadKeepingTyped(edited, form, memberValuesOf);

  return (
    <ProfileEditForm id="member-profile-form" onSubmit={submit} edited={edited} onReload={reload} formState={formState} failureTitle="Failed to update member" onCancel={onDone}>
      {tab === 'overview' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Company name" error={errors.company_name?.message}>
            {(control) => <Input {...control} {...register('company_name')} />}
          </Field>
          <Field label="Membership type" error={errors.membership_type?.message}>
            {(control) => (
              <Select {...control} {...register('membership_type')}>
                {MEMBERSHIP_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </Select>
            )}
          </Field>
          <PrimaryContactFields register={register} errors={errors.primary_contact} />
        </div>
      ) : (
        readOnly
      )}
    </ProfileEditForm>
  );
}
