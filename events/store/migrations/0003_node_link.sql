-- socket.io's PostgreSQL adapter links the server nodes (presence, drags) over LISTEN/NOTIFY; a
-- message over NOTIFY's 8,000-byte limit goes through this table, and the adapter deletes its
-- rows after a while. Nothing here is product data.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id         bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload    bytea
);
