CREATE TABLE locations (
  id         uuid PRIMARY KEY,
  name       text        NOT NULL,
  city       text        NOT NULL,
  address    text        NOT NULL,
  manager    text        NOT NULL,
  floors     integer[]   NOT NULL DEFAULT '{}',
  time_zone  text        NOT NULL DEFAULT 'America/New_York',
  opens_at   text        NOT NULL DEFAULT '07:00',
  closes_at  text        NOT NULL DEFAULT '22:00',
  version    integer     NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX locations_name_unique ON locations (lower(name));
