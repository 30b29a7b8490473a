-- The Slack notification outbox and its delivery log: one row per event of the log and workflow
-- rule, written by the notification process in the transaction that moves its checkpoint, so an
-- event gives each matching rule exactly one row however often it is read (restarts, takeovers).
-- Not a read model: a rebuild never drops it, and what was sent stays recorded.
CREATE TABLE slack_deliveries (
  event_position  bigint      NOT NULL,
  rule_id         text        NOT NULL,
  event_type      text        NOT NULL,
  deal_id         uuid        NOT NULL,
  deal_name       text        NOT NULL,
  channel         text        NOT NULL DEFAULT '',
  text            text        NOT NULL,
  -- pending: to send (now or at next_attempt_at); sending: a POST is under way; delivered; failed.
  status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  attempts        integer     NOT NULL DEFAULT 0,
  status_code     integer,
  error           text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  delivered_at    timestamptz,
  PRIMARY KEY (event_position, rule_id)
);

-- The delivery loop's question: what is due (and what a dead node left mid-POST).
CREATE INDEX slack_deliveries_due_idx ON slack_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending');
-- The delivery log: the latest first.
CREATE INDEX slack_deliveries_recent_idx ON slack_deliveries (created_at DESC, event_position DESC);
