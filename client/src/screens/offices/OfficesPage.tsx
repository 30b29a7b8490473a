import { Suspense, useCallback, useMemo } from 'react';
import { Ban, CheckCircle2, Clock, DollarSign, DoorOpen, LayoutGrid, List, Map as MapIcon, Percent, Plus } from 'lucide-react';
import { may } from '@shared/policy';
import { formatCurrency } from '@shared/domain/money';
import { deskTotals, monthlyRevenue, occupancyPercent, statusCounts } from '@shared/domain/officeFigures';
import { OFFICE_STATUSES } from '@shared/domain/officeStatuses';
import type { Office } from '@shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { LocationBadge, PageHeader } from '../../components/PageHeader';
import { ImportButton } from '../imports/ImportButton';
import { useScreenDialog } from '../../shell/addRequest';
import { SearchInput } from '../../components/SearchInput';
import { LoadFailed } from '../../components/LoadFailed';
import { Button } from '../../components/ui/Button';
import { SegmentedControl, type Segment } from '../../components/ui/SegmentedControl';
import { Card } from '../../components/ui/Card';
import { Select } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { LoadingNote } from '../../components/ui/Spinner';
import { StatTile } from '../../components/ui/StatTile';
import { rowsOf } from '../../live/collection';
import { useLiveQuery } from '../../live/useLiveQuery';
import { nounFor, plural } from '../../lib/plural';
import { useNow } from '../../lib/useNow';
import { useSharedList } from '../../lib/useSharedList';
import { locationsAtom } from '../../shell/locationAtoms';
import { useSelectedLocation } from '../../shell/useSelectedLocation';
import { useAtom, useAtomValue } from '../../state/jotai';
import { officeDeskFilterAtom, officeSearchAtom, officeSortAtom, officeStatusFilterAtom, officesAtom, officeViewAtom, type OfficeView } from './atoms';
import type { OfficeAction } from './OfficeActions';
import { AddOfficeDialog, AssignCompanyDialog, ContactsDialog, EditRatesDialog, EditStatusDialog } from './officeDialogs';
import { LocationPanel } from './LocationPanel';
import { filterOffices, nextSort, sortOffices } from './officeList';
import { OfficeGrid, OfficeTable } from './OfficeViews';
import { MovedAwayNotices } from './MovedAwayNotices';
import { FloorPlanSlot } from './FloorPlanSlot';
import { OFFICE_VIEW_CODEC } from './officeViewQuery';
import { OfficeBulkActions } from './selection/OfficeBulkActions';
import { OfficeBulkAssign } from './selection/OfficeBulkAssign';
import { BulkBar } from '../selection/BulkBar';
import { SelectionContext } from '../selection/SelectionContext';
import { useSelection } from '../selection/useSelection';
import { SavedViewsMenu } from '../views/SavedViewsMenu';
import { useViewPartsInAddress } from '../views/useViewPartsInAddress';
import { viewQueryText } from '../views/viewQuery';

const companyOf = (office: Office) => office.tenant;

/** Office management: reloads from REST when the selected location changes. */
export default function OfficesPage() {
  const selected = useSelectedLocation();
  return <OfficesScreen key={selected.value} locationId={selected.location?.id ?? null} locationName={selected.name} />;
}

type OpenDialog = { kind: OfficeAction; officeId: string } | { kind: 'add' } | null;
const ADD_OFFICE = { kind: 'add' } as const;

const VIEWS: Segment<OfficeView>[] = [
  { key: 'grid', label: 'Grid', icon: LayoutGrid, ariaLabel: 'Grid view' },
  { key: 'list', label: 'List', icon: List, ariaLabel: 'List view' },
  { key: 'floor', label: 'Floor plan', icon: MapIcon, ariaLabel: 'Floor plan view' },
];

function OfficesScreen({ locationId, locationName }: { locationId: string | null; locationName: string }) {
  const user = useUser();
  const writer = may(user, 'office.update');
  // The bulk Assign goes through the member companies' assign command.
  const mayAssign = may(user, 'member.assignOffice');
  const admin = may(user, 'office.create');
  const now = useNow();

  const query = useLiveQuery('offices', locationName, () => endpoints.offices(locationName), (o) => !locationId || o.location_id === locationId);
  const collection = useAtomValue(officesAtom);
  const locationsCollection = useAtomValue(locationsAtom);
  const locations = useMemo(() => rowsOf(locationsCollection).sort((a, b) => a.name.localeCompare(b.name)), [locationsCollection]);
  const selectedLocation = locationId ? (locationsCollection.byId[locationId] ?? null) : null;

  const [view, setView] = useAtom(officeViewAtom);
  const [search, setSearch] = useAtom(officeSearchAtom);
  const [status, setStatus] = useAtom(officeStatusFilterAtom);
  const [desks, setDesks] = useAtom(officeDeskFilterAtom);
  const [sort, setSort] = useAtom(officeSortAtom);
  // "Add office" from the command palette opens the Add dialog here.
  const [dialog, setDialog] = useScreenDialog<NonNullable<OpenDialog>>('office', admin, ADD_OFFICE);

  const all = useMemo(() => rowsOf(collection).filter((o) => !locationId || o.location_id === locationId), [collection, locationId]);
  const filtered = useMemo(() => filterOffices(all, { search, status, desks }, companyOf), [all, search, status, desks]);
  // Kept as it was when a push changes nothing shown (an office elsewhere, one filtered out).
  const sorted = useSharedList(useMemo(() => sortOffices(filtered, view === 'list' ? sort : null, companyOf), [filtered, sort, view]));
  const counts = statusCounts(filtered);
  const totals = deskTotals(filtered);
  const showLocation = !locationId;
  // Figures only for data that loaded: while loading (and nothing is cached) the tiles wait.
  const loading = query.status === 'loading' && all.length === 0;

  // The view lives in the address too: a link (or a saved view) reproduces it.
  const viewState = useViewPartsInAddress(OFFICE_VIEW_CODEC, { view: [view, setView], search: [search, setSearch], status: [status, setStatus], desks: [desks, setDesks], sort: [sort, setSort] });

  // Ticked cards or rows, in screen order.
  const visibleIds = useSharedList(useMemo(() => (writer ? sorted.map((o) => o.id) : []), [writer, sorted]));
  const selection = useSelection(visibleIds);
  const selectedOffices = useMemo(() => selection.ordered.map((id) => collection.byId[id]).filter((o): o is Office => !!o), [selection.ordered, collection]);

  const touched = collection.touched;
  const touchOf = useCallback((id: string) => touched[id], [touched]);
  const onAction = useCallback((kind: OfficeAction, office: Office) => setDialog({ kind, officeId: office.id }), [setDialog]);
  const dialogOffice = dialog && dialog.kind !== 'add' ? (collection.byId[dialog.officeId] ?? null) : null;
  const close = () => setDialog(null);
  const dialogProps = { onClose: close };

  return (
    <div className="mx-auto max-w-screen-2xl space-y-4">
      <PageHeader
        title="Office Management"
        subtitle={locationId ? `Offices, leases and tenants at ${locationName}` : 'Offices, leases and tenants across all your locations'}
      >
        {locationId && <LocationBadge name={locationName} />}
        <SavedViewsMenu screen="offices" query={viewQueryText(OFFICE_VIEW_CODEC, viewState)} />
        <ImportButton kind="offices" />
        {admin && (
          <Button onClick={() => setDialog({ kind: 'add' })}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Office
          </Button>
        )}
      </PageHeader>

      <LocationPanel selected={selectedLocation} locations={locations} />

      {query.status === 'error' ? (
        <LoadFailed title="Failed to load data. Please try again." error={query.error} onRetry={query.retry} />
      ) : (
        <>
          <section aria-label="Summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
            <StatTile label="Leased" value={loading ? null : (counts.LEASED ?? 0)} icon={<CheckCircle2 className="h-4 w-4" />} accent="green" compact />
            <StatTile label="Vacant" value={loading ? null : (counts.VACANT ?? 0)} icon={<DoorOpen className="h-4 w-4" />} accent="blue" compact />
            <StatTile label="Pending" value={loading ? null : (counts.PENDING ?? 0)} icon={<Clock className="h-4 w-4" />} accent="amber" compact />
            <StatTile label="Unavailable" value={loading ? null : (counts.UNAVAILABLE ?? 0)} icon={<Ban className="h-4 w-4" />} accent="red" compact />
            <StatTile label="Occupancy" value={loading ? null : `${occupancyPercent(filtered)}%`} icon={<Percent className="h-4 w-4" />} accent="purple" compact />
            <StatTile label="Monthly Revenue" value={loading ? null : formatCurrency(monthlyRevenue(filtered))} icon={<DollarSign className="h-4 w-4" />} accent="green" compact />
          </section>

          <Card className="p-3">
            <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
              <SearchInput className="flex-1" label="Search offices" placeholder="Search by office number, tenant or company..." value={search} onChange={setSearch} />
              <div className="grid grid-cols-2 gap-3 sm:flex sm:items-center">
                <Select aria-label="Status filter" className="sm:w-44" value={status} onChange={(e) => setStatus(e.target.value)}>
                  <option value="all">All statuses</option>
                  {OFFICE_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </Select>
                <Input
                  aria-label="Desk count filter"
                  placeholder="Desks"
                  inputMode="numeric"
                  className="sm:w-28"
                  value={desks}
                  onChange={(e) => setDesks(e.target.value.replace(/[^0-9]/g, ''))}
                />
              </div>
              <SegmentedControl label="View" segments={VIEWS} value={view} onChange={setView} />
            </div>
            {!loading && (
              <p className="mt-2 text-sm text-slate-600" data-testid="desk-line">
                <span className="font-semibold text-slate-900 tabular-nums">{totals.total}</span> total {nounFor(totals.total, 'desk')} /{' '}
                <span className="font-semibold text-slate-900 tabular-nums">{totals.occupied}</span> occupied {nounFor(totals.occupied, 'desk')}
                <span className="text-slate-400"> · </span>
                {filtered.length} of {plural(all.length, 'office')}
              </p>
            )}
          </Card>

          <MovedAwayNotices locationId={locationId} />

          {writer && !loading && all.length > 0 && view !== 'floor' && (
            <BulkBar selection={selection} visible={visibleIds.length} noun="offices">
              <OfficeBulkActions offices={selectedOffices} onDone={selection.clear} />
              {mayAssign && <OfficeBulkAssign offices={selectedOffices} onDone={selection.clear} />}
            </BulkBar>
          )}

          <SelectionContext.Provider value={writer ? selection.api : null}>
          {view === 'floor' ? (
            <FloorPlanSlot locationId={locationId} locations={locations} offices={collection.byId} touchOf={touchOf} canMutate={writer} now={now} onAction={onAction} />
          ) : loading ? (
            <LoadingNote text="Loading offices..." label="Loading offices" />
          ) : sorted.length === 0 ? (
            <Card className="px-6 py-16 text-center text-slate-600">No offices found matching your criteria.</Card>
          ) : view === 'grid' ? (
            <OfficeGrid offices={sorted} showLocation={showLocation} canMutate={writer} now={now} touchOf={touchOf} onAction={onAction} />
          ) : (
            <OfficeTable
              offices={sorted}
              showLocation={showLocation}
              canMutate={writer}
              now={now}
              touchOf={touchOf}
              onAction={onAction}
              sort={sort}
              onSort={(key) => setSort((s) => nextSort(s, key))}
            />
          )}
          </SelectionContext.Provider>
        </>
      )}

      {/* While a dialog's code arrives the screen stays as it is (officeDialogs.tsx). */}
      <Suspense fallback={null}>
        {dialog?.kind === 'add' && admin && (
          <AddOfficeDialog {...dialogProps} locations={locations} defaultLocationId={locationId ?? ''} />
        )}
        {dialogOffice && dialog?.kind === 'status' && writer && <EditStatusDialog {...dialogProps} office={dialogOffice} />}
        {dialogOffice && dialog?.kind === 'rates' && writer && <EditRatesDialog {...dialogProps} office={dialogOffice} />}
        {dialogOffice && dialog?.kind === 'assign' && writer && <AssignCompanyDialog {...dialogProps} office={dialogOffice} />}
        {dialogOffice && dialog?.kind === 'contacts' && <ContactsDialog key={dialogOffice.id} {...dialogProps} office={dialogOffice} readOnly={!writer} />}
      </Suspense>
    </div>
  );
}
