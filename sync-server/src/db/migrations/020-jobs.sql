-- Background jobs shared by every instance on one database (db/jobs.ts): the instance that moves next_at past now
-- runs the job (a publishing batch); version counts claims and bumps (signals changed: every instance reloads them).
-- next_at: epoch milliseconds at which the next run is due.
CREATE TABLE jobs (
  name TEXT PRIMARY KEY,
  next_at INTEGER NOT NULL,
  version INTEGER NOT NULL
);
