-- GiST equality on uuid for the bookings read model's exclusion constraint (two confirmed
-- bookings of one room never overlap). In public, so a read model rebuilt in a schema of its
-- own (search_path: that schema, then public) finds it too.
CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;

-- Calendar feed tokens: each user's one token, kept as its SHA-256 only. A secret, like the
-- signing key, so outside the event log: rotating or revoking it replaces or deletes the row.
CREATE TABLE feed_tokens (
  user_id    text PRIMARY KEY,
  token_hash text        NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
