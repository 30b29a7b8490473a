-- The dashboard's counts per location (counts.ts): a row per location with its totals (day NULL),
-- and a row per location and day for what is counted by date (leases ending, open tasks due).
CREATE TABLE location_counts (
  id                text    PRIMARY KEY,
  location_id       uuid    NOT NULL,
  day               date,
  offices           integer NOT NULL DEFAULT 0,
  leased_offices    integer NOT NULL DEFAULT 0,
  vacant_offices    integer NOT NULL DEFAULT 0,
  member_companies  integer NOT NULL DEFAULT 0,
  employees         integer NOT NULL DEFAULT 0,
  open_tasks        integer NOT NULL DEFAULT 0,
  in_progress_tasks integer NOT NULL DEFAULT 0,
  -- LEASED offices whose lease ends on `day`.
  leases_ending     integer NOT NULL DEFAULT 0,
  -- Open tasks due on `day`.
  open_tasks_due    integer NOT NULL DEFAULT 0
);
CREATE INDEX location_counts_day ON location_counts (day, location_id);
