-- Each user's mail connection (one row per user who ever connected; id = the user's id).
-- ciphertext holds the tokens as sealed when connecting (AES-256-GCM), never a clear token;
-- refreshed access tokens live beside the log in gmail_access_tokens (events/store/migrations).
CREATE TABLE gmail_connections (
  id            uuid PRIMARY KEY,
  connected     boolean     NOT NULL,
  gmail_address text,
  ciphertext    text,
  connected_at  timestamptz,
  version       integer     NOT NULL,
  updated_at    timestamptz NOT NULL
);
