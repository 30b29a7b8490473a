import { Flame, Minus, Plus } from 'lucide-react';
import type { Location } from '@shared/schemas/locations';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Field';
import { Input } from '../../../components/ui/Input';

export interface FloorToolbarProps {
  locations: readonly Location[];
  locationId: string | null;
  /** The shell's location is one location: the plan shows it, without a choice of its own. */
  locationFixed: boolean;
  onLocation: (id: string) => void;
  floors: readonly number[];
  floor: number | null;
  onFloor: (floor: number) => void;
  asOf: string;
  today: string;
  onAsOf: (day: string) => void;
  heat: boolean;
  onHeat: (on: boolean) => void;
  zoom: number;
  onZoom: (zoom: number) => void;
}

export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 4;
export const clampZoom = (zoom: number) => Math.round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom)) * 100) / 100;

/** The plan's controls: which location, floor and day, the heat overlay, and zoom. */
export function FloorToolbar(props: FloorToolbarProps) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      {!props.locationFixed && (
        <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
          Location
          <Select aria-label="Floor plan location" className="w-48" value={props.locationId ?? ''} onChange={(e) => props.onLocation(e.target.value)}>
            {props.locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </Select>
        </label>
      )}
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
        Floor
        <Select aria-label="Floor" className="w-28" value={props.floor ?? ''} onChange={(e) => props.onFloor(Number(e.target.value))} disabled={props.floors.length === 0}>
          {props.floors.map((f) => (
            <option key={f} value={f}>
              Floor {f}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
        As of
        <Input type="date" aria-label="As of day" className="w-40" max={props.today} value={props.asOf} onChange={(e) => props.onAsOf(e.target.value)} />
      </label>
      {props.asOf && (
        <Button variant="secondary" size="md" onClick={() => props.onAsOf('')}>
          Back to today
        </Button>
      )}
      <Button variant={props.heat ? 'primary' : 'secondary'} aria-pressed={props.heat} onClick={() => props.onHeat(!props.heat)}>
        <Flame className="h-4 w-4" aria-hidden />
        Lease heat
      </Button>
      <div className="flex items-center rounded-lg border border-slate-300 bg-white" role="group" aria-label="Zoom">
        <Button variant="ghost" className="h-10 w-11 justify-center px-0" aria-label="Zoom out" onClick={() => props.onZoom(clampZoom(props.zoom / 1.25))} disabled={props.zoom <= ZOOM_MIN}>
          <Minus className="h-4 w-4" aria-hidden />
        </Button>
        <button type="button" className="h-10 min-w-14 px-1 text-sm text-slate-700 tabular-nums hover:bg-slate-50" aria-label={`Reset zoom, now ${Math.round(props.zoom * 100)}%`} onClick={() => props.onZoom(1)}>
          {Math.round(props.zoom * 100)}%
        </button>
        <Button variant="ghost" className="h-10 w-11 justify-center px-0" aria-label="Zoom in" onClick={() => props.onZoom(clampZoom(props.zoom * 1.25))} disabled={props.zoom >= ZOOM_MAX}>
          <Plus className="h-4 w-4" aria-hidden />
        </Button>
      </div>
    </div>
  );
}
