import { Suspense } from 'react';
import { LoadingNote } from '../../components/ui/Spinner';
import { lazyScreen } from '../../lib/lazyScreen';
import type { FloorPlanViewProps } from './floor/FloorPlanView';

// The floor plan loads when first shown: it brings the drag-and-drop and date libraries, which
// the grid and the list do not need, and on a slow link /offices' first office waits for all the
// code the screen imports. Code that fails to load fails like a screen (lazyScreen: Retry).
const FloorPlanView = lazyScreen(() => import('./floor/FloorPlanView').then((m) => ({ default: m.FloorPlanView })));

/** The floor plan view, with the floor plan's own loading note while its code arrives. */
export function FloorPlanSlot(props: FloorPlanViewProps) {
  return (
    <Suspense fallback={<LoadingNote text="Loading the floor plan..." label="Loading the floor plan" />}>
      <FloorPlanView {...props} />
    </Suspense>
  );
}
