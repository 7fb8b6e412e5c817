-- Guardians (docs/guardians.md): the people she invites, who are alerted by the server when she presses SOS, misses
-- a check-in, is safe again after one, or (if they ask) starts sharing her live location. Only what delivery needs
-- is kept: the name she gave them, their push subscription, their e-mail, their state. Never a phone number.
CREATE TABLE guardians (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The name she knows them by ("Maa"): shown to her only.
  name TEXT NOT NULL,
  -- The invitation link's token (256 random bits): its SHA-256 to find it, and the token itself sealed with the
  -- server's key (DATA_DIR/guardian-keys.json) for the stop link in every alert. A copy of the database holds neither.
  token_hash TEXT NOT NULL UNIQUE,
  token_sealed TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- When they first turned notifications on or confirmed an e-mail: an invitation never accepted expires.
  accepted_at TEXT,
  -- They stopped their alerts: push and e-mail were cleared at the same moment.
  stopped_at TEXT,
  -- Web Push: the endpoint (on a push service's origin only) and the browser's keys.
  push_endpoint TEXT,
  push_p256dh TEXT,
  push_auth TEXT,
  -- A confirmed e-mail; and one waiting for its confirmation link (only the code's SHA-256 is kept).
  email TEXT,
  email_pending TEXT,
  email_code_hash TEXT,
  email_code_expires_at TEXT,
  -- They also want "she started sharing her live location".
  share_started INTEGER NOT NULL DEFAULT 0 CHECK (share_started IN (0, 1))
);
CREATE INDEX guardians_user ON guardians (user_id, created_at);

-- The links of removed guardians answer 410 rather than 404 for a while: only the token's hash is kept.
CREATE TABLE guardian_links_ended (
  token_hash TEXT PRIMARY KEY,
  ended_at TEXT NOT NULL
);

-- A share started while she is signed in belongs to her account, so the server knows whom to alert when its check-in
-- is missed while her phone is off. Its token is kept sealed (as above) while it runs, for the live link in alerts, and
-- cleared with her position when it ends. check_in_alerted: the deadline whose miss was already alerted.
ALTER TABLE shares ADD COLUMN user_id TEXT REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE shares ADD COLUMN token_sealed TEXT;
ALTER TABLE shares ADD COLUMN check_in_alerted TEXT;
CREATE INDEX shares_check_in_due ON shares (check_in_deadline) WHERE user_id IS NOT NULL;

-- One row per event (an SOS, a missed check-in, ...). event_key makes an event queued twice one event. data_sealed
-- holds what the alert says that is not kept elsewhere (her SOS message and position), sealed like the tokens, and
-- is cleared once every guardian's alert is done.
CREATE TABLE alerts (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('sos', 'checkin-missed', 'checkin-safe', 'share-started')),
  event_key TEXT NOT NULL UNIQUE,
  share_id TEXT,
  data_sealed TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX alerts_created ON alerts (created_at);

-- The durable outbox: each guardian's alert is a row before anything is sent, and UNIQUE (alert_id, guardian_id) is
-- the idempotency key (one per guardian per event). The dispatcher claims due rows by moving next_attempt_at past
-- its send timeout, so a row cut off by a crash is sent again after a restart. push_result and email_result say what
-- became of each way of reaching them ('sent' or 'failed'); NULL while it is still to be tried.
CREATE TABLE alert_outbox (
  id TEXT PRIMARY KEY,
  alert_id TEXT NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  guardian_id TEXT NOT NULL REFERENCES guardians (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  push_result TEXT CHECK (push_result IN ('sent', 'failed')),
  email_result TEXT CHECK (email_result IN ('sent', 'failed')),
  created_at TEXT NOT NULL,
  done_at TEXT,
  UNIQUE (alert_id, guardian_id)
);
CREATE INDEX alert_outbox_due ON alert_outbox (status, next_attempt_at);
CREATE INDEX alert_outbox_guardian ON alert_outbox (guardian_id);
