/** The deal board's view in the address: ?view=list&stage=tour_booked&q=acme&sort=value:desc. Pure. */
import { DEAL_STAGES, type DealStage } from '@shared/domain/deals';
import { choiceField, sortField, textField, type ViewCodec } from '../views/viewQuery';
import type { DealView } from './atoms';
import type { DealSort, DealSortKey } from './dealList';

export interface DealViewState {
  view: DealView;
  search: string;
  stage: DealStage | 'all';
  sort: DealSort | null;
}

const SORT_KEYS: readonly DealSortKey[] = ['deal', 'company', 'contact', 'stage', 'value', 'probability'];

export const DEAL_VIEW_CODEC: ViewCodec<DealViewState> = {
  view: choiceField<DealView>('view', ['pipeline', 'list', 'statistics'], 'pipeline', true),
  search: textField('q'),
  stage: choiceField<DealStage | 'all'>('stage', ['all', ...DEAL_STAGES], 'all'),
  sort: sortField<DealSortKey, DealSort>('sort', SORT_KEYS, (s) => [s.key, s.dir], (key, dir) => ({ key, dir })),
};
