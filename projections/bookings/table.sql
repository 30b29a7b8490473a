-- The exclusion constraint needs btree_gist (the uuid's equality inside a GiST index); the
-- migration creates it in public, where a rebuild's schema finds it too.
CREATE TABLE bookings (
  id            uuid PRIMARY KEY,
  room_id       uuid        NOT NULL,
  location_id   uuid        NOT NULL,
  title         text        NOT NULL,
  member_id     uuid,
  notes         text,
  starts_at     timestamptz NOT NULL,
  ends_at       timestamptz NOT NULL,
  booked_by_id  text        NOT NULL,
  booked_by     text        NOT NULL,
  status        text        NOT NULL,
  series_id     uuid,
  version       integer     NOT NULL,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  -- The last guard: two confirmed bookings of one room never overlap, whatever a command decided.
  CONSTRAINT bookings_no_overlap EXCLUDE USING gist (room_id WITH =, tstzrange(starts_at, ends_at) WITH &&) WHERE (status = 'confirmed')
);
CREATE INDEX bookings_location_time ON bookings (location_id, starts_at);
CREATE INDEX bookings_room_time ON bookings (room_id, starts_at);
CREATE INDEX bookings_member_time ON bookings (member_id, starts_at) WHERE member_id IS NOT NULL;
CREATE INDEX bookings_series ON bookings (series_id) WHERE series_id IS NOT NULL;
