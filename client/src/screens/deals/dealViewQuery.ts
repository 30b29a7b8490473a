/** The deal board's view in the address: ?view=list&stage=tour_booked&q=acme&sort=value:desc&density=compact. Pure. */
import { DEAL_STAGES, type DealStage } from '@shared/domain/deals';
import { choiceField, sortField, textField, type ViewCodec } from '../views/viewQuery';
import type { DealView } from './atoms';
import { BOARD_DENSITIES, type BoardDensity } from './density';
import type { DealSort, DealSortKey } from './dealList';

export interface DealViewState {
  view: DealView;
  search: string;
  stage: DealStage | 'all';
  sort: DealSort | null;
  density: BoardDensity;
}

const SORT_KEYS: readonly DealSortKey[] = ['deal', 'company', 'contact', 'stage', 'value', 'probability'];

export const DEAL_VIEW_CODEC: ViewCodec<DealViewState> = {
  view: choiceField<DealView>('view', ['pipeline', 'list', 'statistics'], 'pipeline', true),
  search: textField('q'),
  stage: choiceField<DealStage | 'all'>('stage', ['all', ...DEAL_STAGES], 'all'),
  sort: sortField<DealSortKey, DealSort>('sort', SORT_KEYS, (s) => [s.key, s.dir], (key, dir) => ({ key, dir })),
  density: choiceField<BoardDensity>('density', BOARD_DENSITIES, 'comfortable'),
};
