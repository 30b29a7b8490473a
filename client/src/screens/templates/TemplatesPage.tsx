import { useCallback, useMemo } from 'react';
import { FileStack, Plus } from 'lucide-react';
import { toast } from 'sonner';
import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS, type TemplateCategory } from '@shared/domain/templates';
import { may } from '@shared/policy';
import type { Template } from '@shared/schemas/templates';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Select } from '../../components/ui/Field';
import { LoadingNote } from '../../components/ui/Spinner';
import { StatTile } from '../../components/ui/StatTile';
import { copyText } from '../../lib/clipboard';
import { reasonOf } from '../../lib/errorText';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useScreenDialog } from '../../shell/addRequest';
import { useAtom, useAtomValue } from '../../state/jotai';
import { templateCategoryAtom, templateSearchAtom, templatesAtom } from './atoms';
import { TemplateCard, type TemplateAction } from './TemplateCard';
import { DeleteTemplateDialog, EditTemplateDialog, NewTemplateDialog } from './TemplateDialogs';
import { TemplateHistoryDialog } from './TemplateHistoryDialog';
import { countByCategory, filterTemplates } from './templateList';
import { CATEGORY_ICON } from './templateUi';
import { KeyOptions } from '../../components/ui/Options';

/** The spec's words when a template is on the clipboard. */
export const COPIED = 'Template copied to clipboard!';

type OpenDialog = { kind: 'new' } | { kind: 'edit' | 'history' | 'delete'; template: Template };
const NEW_TEMPLATE = { kind: 'new' } as const;

const TILE_ACCENT = { Email: 'blue', Notification: 'amber', Social: 'purple', Document: 'green' } as const;

export default function TemplatesPage() {
  const user = useUser();
  const canCreate = may(user, 'template.create');
  const canEdit = may(user, 'template.update');
  const canDelete = may(user, 'template.delete');
  const query = useLiveQuery('templates', 'all', () => endpoints.templates());
  const collection = useAtomValue(templatesAtom);
  const [search, setSearch] = useAtom(templateSearchAtom);
  const [category, setCategory] = useAtom(templateCategoryAtom);
  // "Add template" from the command palette opens the dialog here.
  const [dialog, setDialog] = useScreenDialog<OpenDialog>('template', canCreate, NEW_TEMPLATE);

  const all = useMemo(() => rowsOf(collection), [collection]);
  const shown = useMemo(() => filterTemplates(all, category, search), [all, category, search]);
  const counts = useMemo(() => countByCategory(all), [all]);
  const loading = query.status === 'loading' && all.length === 0;

  const onAction = useCallback(
    (action: TemplateAction, template: Template) => {
      if (action !== 'copy') return setDialog({ kind: action, template });
      copyText(template.content).then(
        () => toast.success(COPIED),
        (error: unknown) => toast.error(`Could not copy the template: ${reasonOf(error)}`),
      );
    },
    [setDialog],
  );

  // A dialog follows its template live; once the template is gone it keeps the copy it opened with.
  const dialogTemplate = dialog && dialog.kind !== 'new' ? (collection.byId[dialog.template.id] ?? dialog.template) : null;
  const close = () => setDialog(null);

  return (
    <div className="mx-auto max-w-screen-xl space-y-6">
      <PageHeader title="Marketing Templates" subtitle="E-mail, notification, social media and document templates for every location">
        {canCreate && (
          <Button onClick={() => setDialog({ kind: 'new' })}>
            <Plus className="h-4 w-4" aria-hidden /> New Template
          </Button>
        )}
      </PageHeader>

      {query.status === 'error' ? (
        <LoadFailed title="Failed to load templates" error={query.error} onRetry={query.retry} />
      ) : (
        <>
          <section aria-label="Summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
            <StatTile label="Total Templates" value={loading ? null : all.length} icon={<FileStack className="h-5 w-5" />} accent="grey" />
            {TEMPLATE_CATEGORIES.map((c) => {
              const Icon = CATEGORY_ICON[c];
              return <StatTile key={c} label={TEMPLATE_CATEGORY_LABELS[c]} value={loading ? null : counts[c]} icon={<Icon className="h-5 w-5" />} accent={TILE_ACCENT[c]} />;
            })}
          </section>

          <Card className="p-3 sm:p-4">
            <div className="flex flex-col gap-3 md:flex-row md:items-center">
              <SearchInput className="flex-1" label="Search templates" placeholder="Search names, descriptions and content..." value={search} onChange={setSearch} />
              <Select aria-label="Category filter" className="md:w-56" value={category} onChange={(e) => setCategory(e.target.value as TemplateCategory | 'all')}>
                <option value="all">All Categories</option>
                <KeyOptions keys={TEMPLATE_CATEGORIES} labels={TEMPLATE_CATEGORY_LABELS} />
              </Select>
            </div>
            {!loading && (
              <p className="mt-3 text-sm text-slate-600" data-testid="template-count-line">
                {shown.length} of {all.length} templates
                {!canEdit && <span className="text-slate-500"> · Read-only: you can view and copy templates but not change them.</span>}
              </p>
            )}
          </Card>

          {loading ? (
            <LoadingNote text="Loading templates..." label="Loading templates" />
          ) : all.length === 0 ? (
            <Card className="px-6 py-16 text-center text-slate-600">
              <p className="font-medium text-slate-900">No templates yet</p>
              <p className="mt-1 text-sm">{canCreate ? 'Create the first template for e-mails, notifications, social posts or documents.' : 'Templates will appear here as they are added.'}</p>
            </Card>
          ) : shown.length === 0 ? (
            <Card className="px-6 py-16 text-center text-slate-600">No templates found matching your criteria.</Card>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Templates" data-testid="template-grid">
              {shown.map((t) => (
                <li key={t.id}>
                  <TemplateCard template={t} canEdit={canEdit} canDelete={canDelete} touch={collection.touched[t.id]} onAction={onAction} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      {dialog?.kind === 'new' && canCreate && <NewTemplateDialog category={category === 'all' ? undefined : category} onClose={close} />}
      {dialog?.kind === 'edit' && dialogTemplate && canEdit && <EditTemplateDialog template={dialogTemplate} onClose={close} />}
      {dialog?.kind === 'delete' && dialogTemplate && canDelete && <DeleteTemplateDialog template={dialogTemplate} onClose={close} />}
      {dialog?.kind === 'history' && dialogTemplate && (
        <TemplateHistoryDialog template={dialogTemplate} deleted={collection.removed[dialogTemplate.id] === 'deleted'} onClose={close} />
      )}
    </div>
  );
}
