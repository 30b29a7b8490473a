-- A command's first step in one round trip: wait for its stream's write lock (handleCommand),
-- then read the stream's events after the version this process already folded. The read is a
-- statement of its own inside the function, so in READ COMMITTED it takes its snapshot after the
-- lock is granted and sees what the lock's previous holder committed; a single SQL statement
-- taking the lock and reading would read with the snapshot it took before waiting.
CREATE FUNCTION lock_stream_and_read(lock_class integer, stream text, after_version integer)
RETURNS SETOF events LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(lock_class, hashtext(stream));
  RETURN QUERY SELECT * FROM events e WHERE e.stream_id = stream AND e.version > after_version ORDER BY e.version;
END $$;
