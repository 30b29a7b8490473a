-- Gmail's OAuth bookkeeping, beside the log and never rebuilt from it.
--
-- gmail_oauth_states: one row per connection started (POST /api/gmail/connect), taken (deleted)
-- by the callback that completes it, so a state works once, for the user who started it, until
-- it expires. Only the state's SHA-256 is kept; the PKCE verifier is sealed (AES-256-GCM).
CREATE TABLE gmail_oauth_states (
  state_hash    text PRIMARY KEY,
  user_id       uuid        NOT NULL,
  code_verifier text        NOT NULL,
  redirect_uri  text        NOT NULL,
  expires_at    timestamptz NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gmail_oauth_states_expiry ON gmail_oauth_states (expires_at);

-- gmail_access_tokens: the newest tokens of a user's connection after a refresh (sealed, like the
-- connection's own). An access token lasts about an hour: an event per refresh would fill the log
-- with noise nobody reads. `connection_version` is the connection's version when refreshed; a row
-- of an earlier connection is ignored (and replaced).
CREATE TABLE gmail_access_tokens (
  user_id            uuid PRIMARY KEY,
  connection_version integer     NOT NULL,
  ciphertext         text        NOT NULL,
  refreshed_at       timestamptz NOT NULL
);
