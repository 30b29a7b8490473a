-- Offices on their floor's plan: one row per placed office (id = the office's id), its box in
-- fractions of the plan. What the plan colours it by (status, member, lease end, desks) is the
-- office's, joined when read.
CREATE TABLE floor_placements (
  id          uuid PRIMARY KEY,
  location_id uuid             NOT NULL,
  floor       integer          NOT NULL,
  x           double precision NOT NULL,
  y           double precision NOT NULL,
  width       double precision NOT NULL,
  height      double precision NOT NULL,
  version     integer          NOT NULL,
  created_at  timestamptz      NOT NULL,
  updated_at  timestamptz      NOT NULL
);
CREATE INDEX floor_placements_floor ON floor_placements (location_id, floor);
