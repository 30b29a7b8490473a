-- Secrets the server generates once and keeps (the token-signing key when none is configured).
CREATE TABLE app_secrets (
  name       text PRIMARY KEY,
  value      text        NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
