-- Attempt and request counts shared by every instance (db/shared-limits.ts). UNLOGGED: not written to the WAL, so not
-- in replicas, point-in-time recovery or physical backups, and emptied after a crash, which only restarts the windows.
-- key is HMAC-SHA256 of the limit's name and its key (an IP, an e-mail): no IP or e-mail is stored. reset_at: epoch
-- milliseconds at which the window ends. PostgreSQL only: a SQLite deployment is one process and counts in memory.
CREATE UNLOGGED TABLE limit_counts (
  key BYTEA PRIMARY KEY,
  count BIGINT NOT NULL,
  reset_at BIGINT NOT NULL
);
