-- The gap rule without a lock of our own. Positions come from events_position_seq when a row is
-- inserted, but transactions commit out of order, so a reader of "everything after N" could pass
-- over a smaller position that commits later. PostgreSQL's nextval() takes ROW EXCLUSIVE on the
-- sequence before it draws and keeps it until the transaction ends, so every transaction that
-- may still fill a position at or below the sequence's last value is a holder of that lock.
--
-- events_safe_horizon() reads the last value, then lists those holders (after the read: one that
-- drew earlier still holds the lock or has ended), then waits until each has ended, committed or
-- rolled back. Appends neither take a lock for it nor wait on it; the wait is for the few
-- transactions in flight at the call, about one commit's time. Only ROW EXCLUSIVE counts.
CREATE FUNCTION events_safe_horizon() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  last bigint;
  drawing text[];
BEGIN
  -- A plain read of the sequence's row: pg_sequence_last_value() would take the very lock that
  -- marks a drawer, and two horizons would wait for each other.
  SELECT CASE WHEN s.is_called THEN s.last_value END INTO last FROM events_position_seq s;
  SELECT array_agg(l.virtualtransaction) INTO drawing
  FROM pg_locks l
  WHERE l.locktype = 'relation'
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.relation = 'events_position_seq'::regclass
    AND l.mode = 'RowExclusiveLock'
    AND l.granted
    AND l.pid <> pg_backend_pid();
  -- Each transaction holds the lock on its own virtual id until it ends.
  WHILE drawing IS NOT NULL
    AND EXISTS (SELECT 1 FROM pg_locks v WHERE v.locktype = 'virtualxid' AND v.virtualxid = ANY (drawing)) LOOP
    PERFORM pg_sleep(0.0005);
  END LOOP;
  RETURN coalesce(last, 0);
END $$;
