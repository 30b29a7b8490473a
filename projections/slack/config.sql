-- The Slack webhook configuration: one row, absent until an administrator first saves it.
-- ciphertext holds the sealed webhook URL (AES-256-GCM), never the URL; masked_url is what answers show.
CREATE TABLE slack_config (
  id         uuid PRIMARY KEY,
  ciphertext text,
  masked_url text,
  enabled    boolean     NOT NULL,
  version    integer     NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
