-- The Slack workflow rules: one row holding the list as last saved.
CREATE TABLE slack_workflows (
  id             uuid PRIMARY KEY,
  workflow_rules jsonb       NOT NULL,
  version        integer     NOT NULL,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);
