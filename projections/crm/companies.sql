CREATE TABLE crm_companies (
  id              uuid PRIMARY KEY,
  name            text        NOT NULL,
  industry        text,
  website         text,
  phone           text,
  address         text,
  employee_count  integer,
  annual_revenue  double precision,
  main_contact_id uuid,
  status          text        NOT NULL,
  notes           text,
  lead_source     text,
  version         integer     NOT NULL,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX crm_companies_name ON crm_companies (lower(name));
