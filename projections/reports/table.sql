-- Each office's report figures over time: one row per stretch of time they held, the open row
-- (valid_to NULL) being the office as it stands. A report "as of" an instant reads the rows whose
-- stretch contains it (the GiST index), one per office, without reading the log.
CREATE TABLE office_history (
  office_id     uuid        NOT NULL,
  location_id   uuid        NOT NULL,
  status        text        NOT NULL,
  desks         integer     NOT NULL,
  signed_rate   numeric,
  -- the monthly marketed rate
  marketed_rate numeric     NOT NULL,
  term_months   integer,
  start_date    date,
  valid_from    timestamptz NOT NULL,
  valid_to      timestamptz
);
CREATE UNIQUE INDEX office_history_open ON office_history (office_id) WHERE valid_to IS NULL;
CREATE INDEX office_history_span ON office_history USING gist (tstzrange(valid_from, valid_to));
-- Every lease ever in force: a LEASED stretch with a signed rate, by office and lease start.
CREATE INDEX office_history_leases ON office_history (office_id, start_date, valid_from)
  WHERE status = 'LEASED' AND signed_rate > 0;
