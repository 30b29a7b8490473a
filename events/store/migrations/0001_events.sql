-- The append-only event log: the single source of truth.
CREATE TABLE events (
  position    bigserial PRIMARY KEY,
  stream_id   text        NOT NULL,
  stream_type text        NOT NULL,
  version     integer     NOT NULL CHECK (version > 0),
  type        text        NOT NULL,
  data        jsonb       NOT NULL,
  metadata    jsonb       NOT NULL,
  -- Kept for diagnosis of the ordering rule: appends are serialised (see events/store/append.ts).
  tx_id       xid8        NOT NULL DEFAULT pg_current_xact_id(),
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CONSTRAINT events_stream_version_unique UNIQUE (stream_id, version)
);

CREATE INDEX events_stream_type_idx ON events (stream_type, position);

-- Events are never updated or deleted; a change of shape is a new event type or version.
CREATE FUNCTION events_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the event log is append-only';
END $$;

CREATE TRIGGER events_no_update BEFORE UPDATE OR DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_are_append_only();
CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION events_are_append_only();

-- Durable positions of asynchronous consumers.
CREATE TABLE checkpoints (
  name       text PRIMARY KEY,
  position   bigint      NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Versions of the read-model schemas; a change of version rebuilds that read model from the log.
CREATE TABLE projection_versions (
  name    text PRIMARY KEY,
  version integer NOT NULL
);
