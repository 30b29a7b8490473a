CREATE TABLE users (
  id               uuid PRIMARY KEY,
  name             text        NOT NULL,
  email            text        NOT NULL,
  role             text        NOT NULL,
  locations        uuid[]      NOT NULL DEFAULT '{}',
  primary_location text        NOT NULL,
  password_hash    text        NOT NULL,
  version          integer     NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
