CREATE TABLE offices (
  id             uuid PRIMARY KEY,
  office_number  text        NOT NULL,
  location_id    uuid        NOT NULL,
  type           text        NOT NULL,
  desks          integer     NOT NULL,
  floor          integer     NOT NULL,
  windowed       boolean     NOT NULL,
  status         text        NOT NULL,
  member_id      uuid,
  tenant         text,
  marketed_rates jsonb       NOT NULL,
  signed_rate    double precision,
  term_months    integer,
  term_days      integer,
  start_date     date,
  end_date       date,
  contacts       jsonb       NOT NULL DEFAULT '[]',
  version        integer     NOT NULL,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);
CREATE INDEX offices_location ON offices (location_id, office_number);
CREATE INDEX offices_member ON offices (member_id) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX offices_number_unique ON offices (location_id, lower(office_number));
-- The dashboard: counts by status counted from the index alone, and leases ending by date.
CREATE INDEX offices_location_status ON offices (location_id, status, end_date);
CREATE INDEX offices_lease_end ON offices (end_date) WHERE status = 'LEASED';
