CREATE TABLE crm_contacts (
  id          uuid PRIMARY KEY,
  name        text        NOT NULL,
  email       text        NOT NULL,
  phone       text,
  title       text,
  company_id  uuid,
  status      text        NOT NULL,
  notes       text,
  lead_source text,
  version     integer     NOT NULL,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX crm_contacts_email ON crm_contacts (lower(email));
CREATE INDEX crm_contacts_company ON crm_contacts (company_id);
