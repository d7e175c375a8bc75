-- The Digital Friend: conversations, turns and memories (German full-text search over content and tags).
CREATE TABLE companion_conversations (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL DEFAULT 'Neue Unterhaltung',
  started_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX companion_conversations_user_idx ON companion_conversations (user_id, started_at DESC);

CREATE TABLE companion_messages (
  id bigserial PRIMARY KEY,
  conversation_id uuid NOT NULL REFERENCES companion_conversations (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX companion_messages_conversation_idx ON companion_messages (conversation_id, id);

CREATE TABLE companion_memories (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 4000),
  tags text[] NOT NULL DEFAULT '{}',
  search tsvector NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX companion_memories_user_idx ON companion_memories (user_id, created_at DESC);
CREATE INDEX companion_memories_search_idx ON companion_memories USING gin (search);
