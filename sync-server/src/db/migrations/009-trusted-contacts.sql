-- Trusted contacts: the people a signed-in user's SOS texts (name and a phone with its country code).
CREATE TABLE trusted_contacts (
  -- The client's id when it sent one (made offline), else the server's: 24 hex characters either way.
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  -- Normalized E.164: '+' and 8 to 15 digits.
  phone TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  -- One contact per number for each user (the service answers 409 first; this is the backstop). Its index also
  -- serves her list and count, which hold at most 10 rows.
  UNIQUE (user_id, phone)
);
