-- Saathi, the chat assistant (docs/chat.md). A conversation's id is its user's id, or the random 24-hex id a guest's
-- browser made. Times are ISO-8601 UTC text.
CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('user', 'guest')),
  -- Her account (the same as id) for kind 'user', so that deleting the account deletes the conversation; NULL for
  -- a guest.
  user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  -- A guest conversation's key: the SHA-256 (hex) of the browser's wings_guest cookie, never the cookie itself.
  guest_secret_hash TEXT,
  created_at TEXT NOT NULL,
  CHECK (
    (kind = 'user' AND user_id = id AND guest_secret_hash IS NULL)
    OR (kind = 'guest' AND user_id IS NULL AND guest_secret_hash IS NOT NULL)
  )
);
-- The sweeper deletes guest conversations by age.
CREATE INDEX conversations_kind_created ON conversations (kind, created_at);

CREATE TABLE chat_messages (
  -- Arrival order: a conversation is read in this order (created_at may come from an offline phone's clock).
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender TEXT NOT NULL CHECK (sender IN ('user', 'bot')),
  text TEXT NOT NULL,
  -- Saathi's buttons as JSON (an array of actions); NULL on her messages.
  actions_json TEXT,
  -- Hers: the client's UUID for the message, so a message sent again (a retry, or online and then from the outbox)
  -- is stored once. NULL on Saathi's answers and on messages sent without one; NULLs never collide.
  client_message_id TEXT,
  -- Saathi's answers: the id of the message answered.
  reply_to TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (conversation_id, client_message_id)
);
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, seq);
CREATE INDEX chat_messages_reply_to ON chat_messages (reply_to);
