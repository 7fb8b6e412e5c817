-- Background jobs shared by every instance (db/jobs.ts), as db/migrations/020-jobs.sql. next_at: epoch milliseconds.
CREATE TABLE jobs (
  name TEXT PRIMARY KEY,
  next_at BIGINT NOT NULL,
  version BIGINT NOT NULL
);
