CREATE TABLE templates (
  id          uuid PRIMARY KEY,
  name        text        NOT NULL,
  category    text        NOT NULL,
  description text,
  content     text        NOT NULL,
  version     integer     NOT NULL,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX templates_name ON templates (lower(name));

-- Every version of every template as it stood after that version's event: the history.
CREATE TABLE template_versions (
  template_id uuid        NOT NULL,
  version     integer     NOT NULL,
  name        text        NOT NULL,
  category    text        NOT NULL,
  description text,
  content     text        NOT NULL,
  at          timestamptz NOT NULL,
  -- A user id, or 'system' (the demo seed); the name is joined at read time.
  by_user     text        NOT NULL,
  PRIMARY KEY (template_id, version)
);
