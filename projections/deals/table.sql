CREATE TABLE deals (
  id               uuid PRIMARY KEY,
  deal_name        text        NOT NULL,
  company_id       uuid,
  company_name     text        NOT NULL,
  contact_id       uuid,
  contact          jsonb       NOT NULL,
  agreement_type   text        NOT NULL,
  membership_type  text        NOT NULL,
  location_id      uuid        NOT NULL,
  office_ids       uuid[]      NOT NULL DEFAULT '{}',
  start_date       date,
  term_months      integer,
  term_days        integer,
  offered_price    double precision NOT NULL,
  market_rate      double precision,
  probability      integer     NOT NULL,
  notice_by        text,
  notes            text,
  source           text,
  assigned_to      text,
  stage            text        NOT NULL,
  -- Byte order: fractional-indexing keys sort as plain ASCII, whatever the database's collation.
  rank             text COLLATE "C" NOT NULL,
  signature_status text        NOT NULL DEFAULT 'not_sent',
  stage_changed_at timestamptz NOT NULL,
  version          integer     NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX deals_location ON deals (location_id);
-- A company's deals: its deal count and total (GET /api/companies), its deals list.
CREATE INDEX deals_company ON deals (company_id);
CREATE INDEX deals_column ON deals (stage, rank, id);

-- Each stay of a deal in a stage, for time in stage and the conversion funnel.
CREATE TABLE deal_stage_visits (
  deal_id     uuid        NOT NULL,
  stage       text        NOT NULL,
  entered_at  timestamptz NOT NULL,
  left_at     timestamptz
);
CREATE INDEX deal_stage_visits_deal ON deal_stage_visits (deal_id, entered_at);
