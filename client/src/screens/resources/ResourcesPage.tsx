import { useCallback, useMemo, useState } from 'react';
import { CalendarDays, FileText, FolderOpen, Palmtree, Pencil, Upload } from 'lucide-react';
import { RESOURCE_CATEGORIES, type Resource, type ResourceCategory } from '@shared/schemas/resources';
import { SYSTEM_SETTINGS_ID } from '@shared/schemas/settings';
import { may } from '@shared/policy';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { LoadingNote } from '../../components/ui/Spinner';
import { StatTile } from '../../components/ui/StatTile';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useAtom, useAtomValue } from '../../state/jotai';
import { companySettingsAtom, openCategoriesAtom, resourceSearchAtom, resourcesAtom } from './atoms';
import { CategorySection } from './CategorySection';
import { DeleteResourceDialog } from './DeleteResourceDialog';
import { byCategory, isOpen, searchResources, toggleCategory } from './resourceList';
import { TimeOffDialog } from './TimeOffDialog';
import { UploadDialog } from './UploadDialog';
import { useDownload } from './useDownload';

type OpenDialog = { kind: 'upload' } | { kind: 'delete'; resource: Resource } | { kind: 'timeOff' };

/** Employee Resources: the document library by category, with search, downloads and the company's time off. */
export default function ResourcesPage() {
  const user = useUser();
  const canUpload = may(user, 'resource.upload');
  const canDelete = may(user, 'resource.delete');
  const canSetTimeOff = may(user, 'settings.system');
  const query = useLiveQuery('resources', 'all', () => endpoints.resources());
  const settingsQuery = useLiveQuery('company_settings', 'company', async () => [await endpoints.companySettings()]);
  const collection = useAtomValue(resourcesAtom);
  const settings = useAtomValue(companySettingsAtom).byId[SYSTEM_SETTINGS_ID] ?? null;
  const [search, setSearch] = useAtom(resourceSearchAtom);
  const [open, setOpen] = useAtom(openCategoriesAtom);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const { download, busy } = useDownload();

  const all = useMemo(() => rowsOf(collection), [collection]);
  const shown = useMemo(() => searchResources(all, search), [all, search]);
  const groups = useMemo(() => byCategory(shown), [shown]);
  const searching = search.trim() !== '';
  const loading = query.status === 'loading' && all.length === 0;

  const onSearch = (text: string) => {
    setSearch(text);
    // A new search opens every category with a match again.
    setOpen((state) => ({ ...state, closedInSearch: new Set() }));
  };
  const onToggle = useCallback((category: ResourceCategory) => setOpen((state) => toggleCategory(state, category, searching)), [setOpen, searching]);
  const onDelete = useCallback((resource: Resource) => setDialog({ kind: 'delete', resource }), []);
  const close = () => setDialog(null);
  const categories = searching ? RESOURCE_CATEGORIES.filter((c) => groups[c].length > 0) : RESOURCE_CATEGORIES;
  const timeOffValue = (value: number | undefined) => (settings ? value : settingsQuery.status === 'error' ? '–' : null);
  const editTimeOff = canSetTimeOff && settings && (
    <button type="button" className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline" onClick={() => setDialog({ kind: 'timeOff' })}>
      <Pencil className="h-3 w-3" aria-hidden /> Change
    </button>
  );

  return (
    <div className="mx-auto max-w-screen-xl space-y-6">
      <PageHeader title="Employee Resources" subtitle="Policies, forms and guides for everyone at FlexSpace">
        {canUpload && (
          <Button onClick={() => setDialog({ kind: 'upload' })}>
            <Upload className="h-4 w-4" aria-hidden /> Upload Document
          </Button>
        )}
      </PageHeader>

      <section aria-label="Summary" className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatTile label="Total Documents" value={loading || query.status === 'error' ? null : all.length} icon={<FileText className="h-5 w-5" />} accent="blue" />
        <StatTile label="Categories" value={RESOURCE_CATEGORIES.length} icon={<FolderOpen className="h-5 w-5" />} accent="purple" />
        <StatTile label="Company Holidays" value={timeOffValue(settings?.company_holidays)} icon={<CalendarDays className="h-5 w-5" />} accent="green" hint={editTimeOff || 'per year'} />
        <StatTile label="Vacation Days" value={timeOffValue(settings?.vacation_days)} icon={<Palmtree className="h-5 w-5" />} accent="amber" hint={editTimeOff || 'per year'} />
      </section>

      {query.status === 'error' ? (
        <LoadFailed title="Failed to load documents" error={query.error} onRetry={query.retry} />
      ) : (
        <>
          <Card className="p-3 sm:p-4">
            <SearchInput label="Search documents" placeholder="Search documents by name or description..." value={search} onChange={onSearch} />
            {searching && !loading && (
              <p className="mt-3 text-sm text-slate-600" data-testid="resource-count-line" aria-live="polite">
                Showing {shown.length} of {all.length} documents
              </p>
            )}
          </Card>

          {loading ? (
            <LoadingNote text="Loading documents..." label="Loading documents" />
          ) : searching && shown.length === 0 ? (
            <Card className="px-6 py-16 text-center text-slate-600">No documents match “{search.trim()}”.</Card>
          ) : (
            <div className="space-y-3" data-testid="resource-categories">
              {categories.map((category) => (
                <CategorySection
                  key={category}
                  category={category}
                  resources={groups[category]}
                  open={isOpen(open, category, searching)}
                  onToggle={onToggle}
                  canDelete={canDelete}
                  downloading={busy}
                  touched={collection.touched}
                  onDownload={download}
                  onDelete={onDelete}
                />
              ))}
            </div>
          )}
        </>
      )}

      {dialog?.kind === 'upload' && canUpload && <UploadDialog onClose={close} />}
      {dialog?.kind === 'delete' && canDelete && <DeleteResourceDialog resource={dialog.resource} onClose={close} />}
      {dialog?.kind === 'timeOff' && canSetTimeOff && settings && <TimeOffDialog settings={settings} onClose={close} />}
    </div>
  );
}
