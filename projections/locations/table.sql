CREATE TABLE locations (
  id         uuid PRIMARY KEY,
  name       text        NOT NULL,
  city       text        NOT NULL,
  address    text        NOT NULL,
  manager    text        NOT NULL,
  floors     integer[]   NOT NULL DEFAULT '{}',
  version    integer     NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX locations_name_unique ON locations (lower(name));
