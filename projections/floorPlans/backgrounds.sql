-- A floor's background image (id = the floor's id, events/floorPlan/floorId.ts). The bytes are
-- in resource_contents, found by sha256, as documents' are.
CREATE TABLE floor_backgrounds (
  id           uuid PRIMARY KEY,
  location_id  uuid        NOT NULL,
  floor        integer     NOT NULL,
  content_type text        NOT NULL,
  size         bigint      NOT NULL,
  sha256       text        NOT NULL,
  width        integer     NOT NULL,
  height       integer     NOT NULL,
  version      integer     NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE UNIQUE INDEX floor_backgrounds_floor ON floor_backgrounds (location_id, floor);
CREATE INDEX floor_backgrounds_sha256 ON floor_backgrounds (sha256);
