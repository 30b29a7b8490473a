import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BarChart3, KanbanSquare, List, MonitorPlay, Plus } from 'lucide-react';
import { DEAL_STAGE_LABELS, DEAL_STAGES } from '@shared/domain/deals';
import { may } from '@shared/policy';
import type { Deal } from '@shared/schemas/deals';
import { endpoints } from '../../api/endpoints';
import { useUser } from '../../auth/session';
import { LoadFailed } from '../../components/LoadFailed';
import { LocationBadge, PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { Button } from '../../components/ui/Button';
import { SegmentedControl, type Segment } from '../../components/ui/SegmentedControl';
import { Card } from '../../components/ui/Card';
import { Select } from '../../components/ui/Field';
import { LoadingNote } from '../../components/ui/Spinner';
import { rowsOf } from '../../live/collection';
import { live } from '../../live/connection';
import { dragsAtom } from '../../live/drags';
import { useLiveQuery } from '../../live/useLiveQuery';
import { useNow } from '../../lib/useNow';
import { useScreenDialog } from '../../shell/addRequest';
import { PresenceBar } from '../../shell/PresenceBar';
import { useSelectedLocation } from '../../shell/useSelectedLocation';
import { useAtom, useAtomValue, useSetAtom } from '../../state/jotai';
import { dealSearchAtom, dealSortAtom, dealStageFilterAtom, dealsAtom, dealViewAtom, type DealView } from './atoms';
import { matchesSearch } from './boardModel';
import { DealBoard, type Held } from './DealBoard';
import { DealDialogs, type DealDialog } from './DealDialogs';
import { DensityToggle } from './DensityToggle';
import { useBoardDensity } from './density';
import { SigningLinkDialog } from './SigningLinkDialog';
import { DealTable } from './DealTable';
import { nextSort, sortDeals } from './dealList';
import { lastMoveAtom, useDealMoves } from './useDealMoves';
import { useLoadDealStats } from './useDealStats';
import { DealStatisticsView, DealSummary } from './DealSummary';
import { DEAL_VIEW_CODEC } from './dealViewQuery';
import { useDealColumns } from './useDealColumns';
import { useSteadySelection } from './useSteadySelection';
import { DealBulkActions } from './selection/DealBulkActions';
import { useStageKeys } from './selection/useStageKeys';
import { BulkBar } from '../selection/BulkBar';
import { SelectionContext } from '../selection/SelectionContext';
import { useSelection } from '../selection/useSelection';
import { SavedViewsMenu } from '../views/SavedViewsMenu';
import { useViewPartsInAddress } from '../views/useViewPartsInAddress';
import { viewQueryText } from '../views/viewQuery';
import { KeyOptions } from '../../components/ui/Options';
import { meetingAtom, meetings } from '../../live/meetings';
import { locationsAtom } from '../../shell/locationAtoms';
import { followedLocation } from './meeting/followedLocation';
import { MeetingBanners } from './meeting/MeetingBanners';
import { PointerLayer } from './meeting/PointerLayer';
import { useMeetingBoard } from './meeting/useMeetingBoard';
import { AsOfBanner, AsOfControl } from './history/AsOfControl';
import { ChangesPanel } from './history/ChangesPanel';
import { DealMarksContext } from './history/dealMarks';
import { asOfAtom, setMeetingStartedAt } from './history/historyState';
import { SinceControl } from './history/SinceControl';
import { useBoardHistory } from './history/useBoardHistory';

/**
 * The deals page reloads when the selected location changes. A follower's board shows the
 * presenter's location (within its own scope) instead of its own choice, which it finds again on
 * leaving; a presenter or follower leaving the board leaves the meeting.
 */
export default function DealsPage() {
  const selected = useSelectedLocation();
  const current = useAtomValue(meetingAtom).current;
  const locations = useAtomValue(locationsAtom);
  const followed = current?.role === 'follower' ? followedLocation(current.view.location, locations) : null;
  useEffect(() => () => meetings.leave(), []);
  // The Since control offers "since the meeting began" while this tab presents or follows one.
  const startedAt = current?.started_at ?? null;
  useEffect(() => {
    setMeetingStartedAt(startedAt);
    return () => setMeetingStartedAt(null);
  }, [startedAt]);
  // Taking the lead: the new presenter's own board goes on from the meeting's location and filters.
  const role = current?.role ?? null;
  const lastFollowed = useRef<{ view: NonNullable<typeof current>['view']; location: string | null } | null>(null);
  const setOwnView = useSetAtom(dealViewAtom);
  const setOwnSearch = useSetAtom(dealSearchAtom);
  const setOwnStage = useSetAtom(dealStageFilterAtom);
  const { select } = selected;
  useEffect(() => {
    const was = lastFollowed.current;
    lastFollowed.current = role === 'follower' && current ? { view: current.view, location: followed?.seen ? followed.value : null } : null;
    if (role !== 'presenter' || !was) return;
    setOwnView(was.view.view);
    setOwnSearch(was.view.search);
    setOwnStage(was.view.stage);
    if (was.location !== null) select(was.location);
  }, [role, current, followed?.seen, followed?.value, select, setOwnView, setOwnSearch, setOwnStage]);
  const shown = followed ?? { value: selected.value, id: selected.location?.id ?? null, name: selected.name };
  return <DealsScreen key={shown.value} locationId={shown.id} locationName={shown.name} locationValue={shown.value} />;
}

const VIEWS: Segment<DealView>[] = [
  { key: 'pipeline', label: 'Pipeline', icon: KanbanSquare },
  { key: 'list', label: 'List View', icon: List },
  { key: 'statistics', label: 'Statistics', icon: BarChart3 },
];

const ADD_DEAL = { kind: 'add' } as const;

/** Typing in a field keeps its own Ctrl/Cmd+Z. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function DealsScreen({ locationId, locationName, locationValue }: { locationId: string | null; locationName: string; locationValue: string }) {
  const user = useUser();
  // A past board (history/) is read only: nothing moves, opens for editing or is added on it.
  const asOf = useAtomValue(asOfAtom);
  const canMove = may(user, 'deal.changeStage') && !asOf;
  const canCreate = may(user, 'deal.create') && !asOf;
  const canEdit = may(user, 'deal.update') && !asOf;
  const now = useNow();

  const query = useLiveQuery('deals', locationName, () => endpoints.deals({ location: locationName }), (d) => !locationId || d.location_id === locationId);
  useLoadDealStats(locationName);
  const collection = useAtomValue(dealsAtom);
  const [ownView, setOwnView] = useAtom(dealViewAtom);
  const [ownSearch, setOwnSearch] = useAtom(dealSearchAtom);
  const [ownStage, setOwnStage] = useAtom(dealStageFilterAtom);
  const [sort, setSort] = useAtom(dealSortAtom);
  // "Add deal" from the command palette opens the Add dialog here.
  const [ownDialog, setOwnDialog] = useScreenDialog<NonNullable<DealDialog>>('deal', canCreate, ADD_DEAL);

  // In a meeting: a follower's board shows the presenter's filters, view and open deal (its own
  // are kept for when it leaves; changing one of them leaves the meeting); a presenter's is sent.
  const meeting = useAtomValue(meetingAtom).current;
  const followed = meeting?.role === 'follower' ? meeting.view : null;
  const view = followed ? followed.view : ownView;
  const search = followed ? followed.search : ownSearch;
  const stage = followed ? followed.stage : ownStage;
  // The follower's dialog is the presenter's open deal, until the follower closes it (or opens
  // another) while the presenter keeps that deal open.
  const followedDeal = followed?.deal_id ?? null;
  const [followerChoice, setFollowerChoice] = useState<{ over: string | null; dialog: DealDialog } | null>(null);
  const followDialog: DealDialog = followerChoice && followerChoice.over === followedDeal ? followerChoice.dialog : followedDeal ? { kind: 'detail', id: followedDeal } : null;
  const dialog = followed ? followDialog : ownDialog;
  const isFollowing = followed !== null;
  const setDialog = useCallback(
    (next: DealDialog) => (isFollowing ? setFollowerChoice({ over: followedDeal, dialog: next }) : setOwnDialog(next)),
    [isFollowing, followedDeal, setOwnDialog],
  );
  const leaving = <T,>(set: (value: T) => void) => (value: T) => {
    if (followed) meetings.leave();
    set(value);
  };
  const setView = leaving(setOwnView);
  const setSearch = leaving(setOwnSearch);
  const setStage = leaving(setOwnStage);
  const boardArea = useRef<HTMLDivElement>(null);
  const openDeal = dialog && dialog.kind !== 'add' ? dialog.id : null;
  const pointerHandlers = useMeetingBoard({ role: meeting?.role ?? null, view: { location: locationValue, stage, search, view, deal_id: openDeal }, boardArea });
  const present = () => meetings.start({ location: locationValue, stage, search, view, deal_id: openDeal, card_id: null });
  const { move, undo } = useDealMoves();
  const lastMove = useAtomValue(lastMoveAtom);

  const liveAll = useMemo(() => rowsOf(collection).filter((d) => !locationId || d.location_id === locationId), [collection, locationId]);
  const history = useBoardHistory(user.id, locationName, collection.byId);
  const all = asOf ? history.past.deals : liveAll;
  const shown = useMemo(() => all.filter((d) => (stage === 'all' || d.stage === stage) && matchesSearch(d, search)), [all, stage, search]);
  const stages = useMemo(() => (stage === 'all' ? DEAL_STAGES : DEAL_STAGES.filter((s) => s === stage)), [stage]);
  const listed = useMemo(() => (view === 'list' ? sortDeals(shown, sort) : []), [shown, sort, view]);
  const loading = asOf ? history.past.status === 'loading' : query.status === 'loading' && all.length === 0;
  const showLocation = !locationId;

  // The view lives in the address too: a link (or a saved view) reproduces it.
  const [density, setDensity] = useBoardDensity();
  const viewState = useViewPartsInAddress(DEAL_VIEW_CODEC, { view: [ownView, setOwnView], search: [ownSearch, setOwnSearch], stage: [ownStage, setOwnStage], sort: [sort, setSort], density: [density, setDensity] });

  // Ticked cards (board) or rows (list), in the order they stand on screen.
  const selectable = canMove && view !== 'statistics';
  const columns = useDealColumns(shown);
  const visibleIds = useMemo(() => {
    if (!selectable) return [];
    if (view === 'list') return listed.map((d) => d.id);
    return stages.flatMap((s) => columns[s].map((d) => d.id));
  }, [selectable, view, listed, columns, stages]);
  const selection = useSelection(visibleIds);
  const selectionApi = useSteadySelection(selection.api, selection.ordered);
  const selectedDeals = useMemo(() => selection.ordered.map((id) => collection.byId[id]).filter((d): d is Deal => !!d), [selection.ordered, collection]);

  const drags = useAtomValue(dragsAtom);
  // Let go when the board goes away mid-drag (another view, another screen).
  const onHold = useCallback((held: Held | null) => live.drag(held ?? { deal_id: null }), []);
  useEffect(() => () => live.drag({ deal_id: null }), []);

  const onOpen = useCallback((deal: Deal) => setDialog({ kind: 'detail', id: deal.id }), [setDialog]);
  const onEdit = useCallback((deal: Deal) => setDialog({ kind: 'edit', id: deal.id }), [setDialog]);
  useStageKeys(canMove && view === 'pipeline' && !dialog, shown, move);

  // Ctrl/Cmd+Z takes back the user's own last move (not while typing in a field or in a dialog).
  useEffect(() => {
    if (!canMove) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.key.toLowerCase() !== 'z') return;
      if (isTyping(event.target) || dialog || !lastMove) return;
      event.preventDefault();
      void undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canMove, dialog, lastMove, undo]);

  return (
    <div className="mx-auto max-w-screen-2xl space-y-5">
      <PageHeader title="Deals" subtitle={locationId ? `The sales pipeline at ${locationName}` : 'The sales pipeline across all your locations'}>
        <PresenceBar placement="page" where="on the board" />
        {locationId && <LocationBadge name={locationName} />}
        <SavedViewsMenu screen="deals" query={viewQueryText(DEAL_VIEW_CODEC, viewState)} />
        {!meeting && (
          <Button variant="secondary" onClick={present}>
            <MonitorPlay className="h-4 w-4" aria-hidden />
            Present
          </Button>
        )}
        {canCreate && (
          <Button onClick={() => setDialog({ kind: 'add' })}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Deal
          </Button>
        )}
      </PageHeader>

      {query.status === 'error' ? (
        <LoadFailed title="Failed to load CRM data" error={query.error} onRetry={query.retry} />
      ) : (
        <>
          <MeetingBanners />
          <DealSummary location={locationName} past={asOf ? history.past : undefined} />

          <Card className="p-3 sm:p-4">
            <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
              <SearchInput className="flex-1" label="Search deals" placeholder="Search by deal, company, contact or location..." value={search} onChange={setSearch} />
              <Select aria-label="Stage filter" className="lg:w-52" value={stage} onChange={(e) => setStage(e.target.value as typeof stage)}>
                <option value="all">All stages</option>
                <KeyOptions keys={DEAL_STAGES} labels={DEAL_STAGE_LABELS} />
              </Select>
              <SegmentedControl label="View" segments={VIEWS} value={view} onChange={setView} />
            </div>
            <div className="mt-3 flex flex-wrap items-center gap-x-6 gap-y-2 border-t border-slate-100 pt-3">
              <SinceControl lastVisit={history.lastVisit} />
              <AsOfControl />
            </div>
            {!loading && (
              <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
                <p className="min-w-0 flex-1 text-sm text-slate-600" data-testid="deal-count-line">
                  {shown.length} of {all.length} deals
                  {canMove && view === 'pipeline' && (
                    <span className="hidden text-slate-500 md:inline">
                      {' '}
                      · Drag a card to change its stage, or focus it and press Space, the arrow keys, then Space.
                      {lastMove ? ' Ctrl+Z undoes your last move.' : ''}
                    </span>
                  )}
                  {!canMove && <span className="text-slate-500"> · Read-only: you can view deals but not change them.</span>}
                </p>
                {view === 'pipeline' && <DensityToggle />}
              </div>
            )}
          </Card>

          {selectable && !loading && all.length > 0 && (
            <BulkBar selection={selection} visible={visibleIds.length} noun="deals">
              <DealBulkActions deals={selectedDeals} onDone={selection.clear} />
            </BulkBar>
          )}

          {asOf && <AsOfBanner asOf={asOf} loading={history.past.status === 'loading'} count={all.length} />}
          {asOf && history.past.status === 'error' && <LoadFailed compact title="Failed to load the board as it stood" error={history.past.error} onRetry={history.past.retry} />}

          <DealMarksContext.Provider value={history.marks}>
          <div className="flex flex-col gap-4 lg:flex-row">
          <div className="min-w-0 flex-1">
          <SelectionContext.Provider value={selectable ? selectionApi : null}>
          {loading ? (
            <LoadingNote text="Loading deals..." label="Loading deals" />
          ) : view === 'statistics' ? (
            <DealStatisticsView location={locationName} deals={all} onOpen={onOpen} past={asOf ? history.past : undefined} />
          ) : all.length === 0 ? (
            <Card className="px-6 py-16 text-center text-slate-600">
              <p className="font-medium text-slate-900">No deals yet</p>
              <p className="mt-1 text-sm">{canCreate ? 'Add the first deal to start the pipeline.' : 'Deals will appear here as they are added.'}</p>
            </Card>
          ) : view === 'pipeline' ? (
            <>
              {shown.length === 0 && <p className="text-sm text-slate-600">No deals match your search.</p>}
              <div ref={boardArea} className="relative" {...pointerHandlers}>
              <DealBoard
                columns={columns}
                stages={stages}
                showLocation={showLocation}
                canMove={canMove}
                canEdit={canEdit}
                now={asOf ? new Date(asOf) : now}
                drags={drags}
                onOpen={onOpen}
                onEdit={onEdit}
                onMove={move}
                onHold={onHold}
              />
              {meeting && <PointerLayer board={boardArea} />}
              </div>
            </>
          ) : shown.length === 0 ? (
            <Card className="px-6 py-16 text-center text-slate-600">No deals match your search.</Card>
          ) : (
            <DealTable deals={listed} canEdit={canEdit} now={now} touched={collection.touched} sort={sort} onSort={(key) => setSort((s) => nextSort(s, key))} onOpen={onOpen} onEdit={onEdit} />
          )}
          </SelectionContext.Provider>
          </div>
          {history.since && (
            <ChangesPanel since={history.since} location={locationName} changes={history.changes} onOpenDeal={(id) => setDialog({ kind: 'detail', id })} onClose={history.closeSince} />
          )}
          </div>
          </DealMarksContext.Provider>
        </>
      )}

      <DealDialogs dialog={dialog} setDialog={setDialog} locationId={locationId} />
      <SigningLinkDialog />
    </div>
  );
}
