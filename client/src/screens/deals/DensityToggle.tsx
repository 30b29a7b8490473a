import { Rows2, Rows4 } from 'lucide-react';
import { SegmentedControl, type Segment } from '../../components/ui/SegmentedControl';
import { useBoardDensity, type BoardDensity } from './density';

const CHOICES: Segment<BoardDensity>[] = [
  { key: 'comfortable', label: 'Comfortable', icon: Rows2, title: 'Comfortable cards' },
  { key: 'compact', label: 'Compact', icon: Rows4, title: 'Compact cards' },
];

/** The board's card density, at the end of the deal count line (shown with the pipeline only). */
export function DensityToggle() {
  const [density, setDensity] = useBoardDensity();
  return <SegmentedControl label="Card density" segments={CHOICES} value={density} onChange={setDensity} size="small" />;
}
