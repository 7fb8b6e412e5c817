-- Accounts: users, their sessions, and messages sent through the contact form.
-- Times are ISO-8601 UTC text, which sorts and compares correctly as text in SQLite and PostgreSQL.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  -- Stored lower-cased, so this constraint makes e-mails unique regardless of case.
  email TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  age INTEGER NOT NULL CHECK (age BETWEEN 13 AND 120),
  gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'not to say')),
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE sessions (
  -- SHA-256 (hex) of the cookie's token: a copy of the database does not hold usable sessions.
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

CREATE TABLE contact_messages (
  id TEXT PRIMARY KEY,
  full_name TEXT NOT NULL,
  email TEXT NOT NULL,
  query TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX contact_messages_created_at ON contact_messages (created_at);
