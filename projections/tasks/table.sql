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
-- The dashboard's figures and Upcoming Tasks: open tasks by due date, then priority, read in order.
CREATE INDEX tasks_open_by_due ON tasks (due_date NULLS LAST, (CASE priority WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END), created_at)
  WHERE status IN ('pending', 'in_progress');
CREATE INDEX tasks_location_status ON tasks (location_id, status, due_date);
