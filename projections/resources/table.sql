-- The document library. The files themselves are in resource_contents (a table of the log's own
-- migrations, not a read model: a rebuild never drops it), found by sha256.
CREATE TABLE resources (
  id           uuid PRIMARY KEY,
  name         text        NOT NULL,
  description  text,
  category     text        NOT NULL,
  type         text        NOT NULL,
  file_name    text        NOT NULL,
  content_type text        NOT NULL,
  size         bigint      NOT NULL,
  sha256       text        NOT NULL,
  -- A user id, or 'system' (the sample documents); the name is joined at read time.
  uploaded_by  text        NOT NULL,
  version      integer     NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX resources_sha256 ON resources (sha256);
