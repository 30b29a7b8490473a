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
-- The dashboard reads the totals, and two ranges of days, each from its own index: the days of
-- leases and of open tasks, past ones included, are many more than those a range holds.
CREATE INDEX location_counts_totals ON location_counts (location_id) WHERE day IS NULL;
CREATE INDEX location_counts_leases ON location_counts (day, location_id) WHERE leases_ending <> 0;
CREATE INDEX location_counts_due ON location_counts (day, location_id) WHERE open_tasks_due <> 0;
