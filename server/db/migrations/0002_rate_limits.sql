-- Request limits every node shares (sign-in attempts, the public signing routes): one row per
-- counter, in the layout rate-limiter-flexible's PostgreSQL store reads and writes. `key` is the
-- limiter's prefix and its own key; `expire` is in epoch milliseconds. Rows expired over an hour
-- ago are deleted by the store every few minutes.
CREATE TABLE rate_limits (
  key    text    PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);
