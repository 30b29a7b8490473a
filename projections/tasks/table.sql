CREATE TABLE tasks (
  id           uuid PRIMARY KEY,
  title        text        NOT NULL,
  description  text        NOT NULL,
  location_id  uuid        NOT NULL,
  office_id    uuid,
  priority     text        NOT NULL,
  assigned_to  text,
  due_date     date,
  status       text        NOT NULL,
  version      integer     NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX tasks_location ON tasks (location_id, created_at DESC);
CREATE INDEX tasks_office ON tasks (office_id) WHERE office_id IS NOT NULL;
