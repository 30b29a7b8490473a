import { describe, expect, it } from 'vitest';
import { DEAL_VIEW_CODEC, type DealViewState } from '../../client/src/screens/deals/dealViewQuery';
import { OFFICE_VIEW_CODEC, type OfficeViewState } from '../../client/src/screens/offices/officeViewQuery';
import { currentSavedView, parseSavedViews, savedViewsKey, withoutSavedView, withSavedView } from '../../client/src/screens/views/savedViews';
import { decodeView, encodeView, mentionsView, viewQueryText } from '../../client/src/screens/views/viewQuery';

const dealDefaults: DealViewState = { view: 'pipeline', search: '', stage: 'all', sort: null, density: 'comfortable' };

describe('a deal board view in the address', () => {
  it('given the defaults, when encoded, then only the view is written (every link says its view)', () => {
    expect(viewQueryText(DEAL_VIEW_CODEC, dealDefaults)).toBe('view=pipeline');
  });

  it('given filters, a view and a sort, when encoded and decoded, then the same view comes back', () => {
    const state: DealViewState = { view: 'list', search: 'acme & co', stage: 'tour_booked', sort: { key: 'value', dir: 'desc' }, density: 'compact' };
    const text = viewQueryText(DEAL_VIEW_CODEC, state);
    expect(text).toBe('view=list&q=acme+%26+co&stage=tour_booked&sort=value%3Adesc&density=compact');
    expect(decodeView(DEAL_VIEW_CODEC, new URLSearchParams(text))).toEqual(state);
  });

  it('given a hand-edited link with unknown values, when decoded, then each unknown value reads as its default', () => {
    const state = decodeView(DEAL_VIEW_CODEC, new URLSearchParams('view=kanban&stage=won&sort=price:up&q=x&density=tiny'));
    expect(state).toEqual({ ...dealDefaults, search: 'x' });
  });

  it('given an address with none of the view keys, then it does not mention the view', () => {
    expect(mentionsView(DEAL_VIEW_CODEC, new URLSearchParams('tab=other'))).toBe(false);
    expect(mentionsView(DEAL_VIEW_CODEC, new URLSearchParams('q=a'))).toBe(true);
  });
});

describe('an office grid view in the address', () => {
  it('given status, desks, search, list view and sort, when encoded and decoded, then the same view comes back', () => {
    const state: OfficeViewState = { view: 'list', search: 'Globex', status: 'VACANT', desks: '4', sort: { key: 'signed_rate', direction: 'asc' } };
    const params = encodeView(OFFICE_VIEW_CODEC, state);
    expect(Object.fromEntries(params)).toEqual({ view: 'list', q: 'Globex', status: 'VACANT', desks: '4', sort: 'signed_rate:asc' });
    expect(decodeView(OFFICE_VIEW_CODEC, params)).toEqual(state);
  });

  it('given a desk filter that is not digits or a status that does not exist, when decoded, then both read as no filter', () => {
    const state = decodeView(OFFICE_VIEW_CODEC, new URLSearchParams('desks=4a&status=GONE'));
    expect(state.desks).toBe('');
    expect(state.status).toBe('all');
    expect(state.view).toBe('grid');
  });
});

describe('saved views', () => {
  it('given a user, then the storage key names the screen and the user', () => {
    expect(savedViewsKey('deals', 'u-1')).toBe('savedViews.deals.u-1');
  });

  it('given a name used already (other case), when saved again, then it is replaced in place; a new name goes last', () => {
    const one = withSavedView([], '  Hot leads ', 'view=pipeline&stage=form_submitted');
    const two = withSavedView(one, 'Big', 'view=list&sort=value%3Adesc');
    const three = withSavedView(two, 'hot LEADS', 'view=list');
    expect(three).toEqual([
      { name: 'hot LEADS', query: 'view=list' },
      { name: 'Big', query: 'view=list&sort=value%3Adesc' },
    ]);
    expect(withSavedView(three, '   ', 'x')).toEqual(three);
  });

  it('given views, when one is deleted or the address matches one, then the list and the current view follow', () => {
    const views = [
      { name: 'A', query: 'view=list' },
      { name: 'B', query: 'view=pipeline' },
    ];
    expect(withoutSavedView(views, 'A')).toEqual([{ name: 'B', query: 'view=pipeline' }]);
    expect(currentSavedView(views, 'view=pipeline')?.name).toBe('B');
    expect(currentSavedView(views, 'view=statistics')).toBeNull();
  });

  it('given storage holding something else, when parsed, then it reads as no views (entries of another shape dropped)', () => {
    expect(parseSavedViews(null)).toEqual([]);
    expect(parseSavedViews('{oops')).toEqual([]);
    expect(parseSavedViews('{"name":"A"}')).toEqual([]);
    expect(parseSavedViews('[{"name":"A","query":"view=list"},{"name":3},null]')).toEqual([{ name: 'A', query: 'view=list' }]);
  });
});
