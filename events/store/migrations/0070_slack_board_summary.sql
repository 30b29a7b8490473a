-- A deal board summary posted to Slack goes through the same outbox, about no one deal.
ALTER TABLE slack_deliveries ALTER COLUMN deal_id DROP NOT NULL;
