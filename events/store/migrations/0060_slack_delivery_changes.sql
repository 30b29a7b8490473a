-- The delivery log is pushed to administrators' screens as it changes, like the read models' rows.
-- Its rows are not in the event log, so each carries a version of its own (every change raises
-- it: a late push never overwrites a newer row on screen), and every change, whoever writes it
-- (the notification process, the delivery loop), wakes the nodes at its commit.
ALTER TABLE slack_deliveries
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE FUNCTION slack_delivery_versioned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END $$;

CREATE TRIGGER slack_deliveries_versioned BEFORE UPDATE ON slack_deliveries
  FOR EACH ROW EXECUTE FUNCTION slack_delivery_versioned();

-- The payload names the row ([event_position, rule_id]); a NOTIFY goes out only if the
-- transaction commits, and PostgreSQL folds repeats of one payload within it.
CREATE FUNCTION slack_delivery_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('slack_deliveries', json_build_array(NEW.event_position, NEW.rule_id)::text);
  RETURN NULL;
END $$;

CREATE TRIGGER slack_deliveries_changed AFTER INSERT OR UPDATE ON slack_deliveries
  FOR EACH ROW EXECUTE FUNCTION slack_delivery_changed();
