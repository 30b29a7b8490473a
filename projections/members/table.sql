CREATE TABLE members (
  id              uuid PRIMARY KEY,
  company_name    text        NOT NULL,
  location_id     uuid        NOT NULL,
  office_id       uuid,
  primary_contact jsonb       NOT NULL,
  membership_type text        NOT NULL,
  employees       jsonb       NOT NULL DEFAULT '[]',
  version         integer     NOT NULL,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX members_location ON members (location_id);
CREATE INDEX members_office ON members (office_id) WHERE office_id IS NOT NULL;
