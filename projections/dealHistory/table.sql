-- Each deal's row over time: one row per event of the deal, holding the deal's row (as the deals
-- read model has it) from that event until the next. The open row (valid_to NULL) is the deal as
-- it stands. The board "as of" an instant reads the rows whose stretch contains it (the GiST
-- index), one per deal, without reading the log; "what changed since" reads the rows that began
-- in a window (by valid_from), each with the fields it changed.
CREATE TABLE deal_history (
  deal_id      uuid        NOT NULL,
  -- The deal's stream version of the event that began the stretch (the row's version).
  version      integer     NOT NULL,
  location_id  uuid        NOT NULL,
  stage        text        NOT NULL,
  -- created, moved, edited, signed, lost, reopened; NULL for the signing process's bookkeeping
  -- (a lease recorded, a copy stored), which is no change anyone made on the board.
  kind         text,
  user_id      text        NOT NULL,
  -- The deal's row after the event, as JSON (jsonb_populate_record(NULL::deals, deal) reads it back).
  deal         jsonb       NOT NULL,
  -- The board fields the event changed: [{field, from, to}].
  changes      jsonb       NOT NULL,
  -- deal_value after the event and before it (NULL: the deal did not exist).
  value        double precision NOT NULL,
  value_before double precision,
  valid_from   timestamptz NOT NULL,
  valid_to     timestamptz
);
CREATE UNIQUE INDEX deal_history_open ON deal_history (deal_id) WHERE valid_to IS NULL;
CREATE UNIQUE INDEX deal_history_event ON deal_history (deal_id, version);
CREATE INDEX deal_history_span ON deal_history USING gist (tstzrange(valid_from, valid_to));
-- Whole, not only the listed kinds: where the history begins (min(valid_from), the earliest
-- instant a board can be shown as of) is then one index probe, not a scan of every stretch.
CREATE INDEX deal_history_began ON deal_history (valid_from);
