-- Offices' boxes on their floor's plan: one row per office ever placed (id = its placement's id,
-- events/floorPlan/floorId.ts), the box in fractions of the plan. A box off the plan keeps its row
-- at no location (every column of the box NULL): no one sees it, and a later placement brings
-- it back under the same id, newer, which browsers take (a deleted row's id never comes back).
-- What the plan colours a box by (status, member, lease end, desks) is the office's, joined when read.
CREATE TABLE floor_placements (
  id          uuid PRIMARY KEY,
  office_id   uuid             NOT NULL,
  location_id uuid,
  floor       integer,
  x           double precision,
  y           double precision,
  width       double precision,
  height      double precision,
  version     integer          NOT NULL,
  created_at  timestamptz      NOT NULL,
  updated_at  timestamptz      NOT NULL
);
CREATE UNIQUE INDEX floor_placements_office ON floor_placements (office_id);
CREATE INDEX floor_placements_floor ON floor_placements (location_id, floor) WHERE location_id IS NOT NULL;
