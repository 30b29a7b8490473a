/** The floor plan's answer (API.md "Floor plans"). */
import type { OfficeStatus } from '@shared/schemas/offices';

export interface FloorPlacement {
  office_id: string;
  office_number: string;
  x: number;
  y: number;
  width: number;
  height: number;
  status: OfficeStatus;
  member_name: string | null;
  lease_end: string | null;
  desks: number;
  version: number;
}

export interface FloorPlan {
  location_id: string;
  floor: number;
  background: { url: string; width: number; height: number } | null;
  placements: FloorPlacement[];
  unplaced: { office_id: string; office_number: string; status: OfficeStatus }[];
}
