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
  -- The signing process: the member company the offices were leased to, why it stopped short,
  -- and the executed copy (the signed agreement with its audit page) by its hash.
  member_id        uuid,
  attention_reason text,
  -- Who signed: the signer on the signing page, or the user who moved the deal to Agreement Signed.
  signed_by        text,
  executed_sha256  text,
  executed_size    integer,
  executed_at      timestamptz,
  stage_changed_at timestamptz NOT NULL,
  version          integer     NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX deals_location ON deals (location_id);
-- A company's deals: its deal count and total (GET /api/companies), its deals list.
CREATE INDEX deals_company ON deals (company_id);
CREATE INDEX deals_column ON deals (stage, rank, id);
-- A company's earlier signings at a location (the member company a new signing links to), and
-- whether a stored file is an executed copy (never dropped with a library document).
CREATE INDEX deals_company_member ON deals (company_id, location_id) WHERE member_id IS NOT NULL;
CREATE INDEX deals_executed ON deals (executed_sha256) WHERE executed_sha256 IS NOT NULL;

-- Each stay of a deal in a stage, for time in stage and the conversion funnel.
CREATE TABLE deal_stage_visits (
  deal_id     uuid        NOT NULL,
  stage       text        NOT NULL,
  entered_at  timestamptz NOT NULL,
  left_at     timestamptz
);
CREATE INDEX deal_stage_visits_deal ON deal_stage_visits (deal_id, entered_at);
