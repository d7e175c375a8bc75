-- Issue 56 item 16: the Digital Friend remembers across conversations what the member told it
-- about herself ("Mein Hund heißt Krümel."). Such a fact is a memory like one she saved, marked by
-- its key (which thing it says: 'wohnort', 'heisst:hund', 'mag:sushi'): one fact per key and
-- member, a newer statement replaces the older one. Saved memories have no key.
ALTER TABLE companion_memories ADD COLUMN fact_key text CHECK (fact_key IS NULL OR char_length(fact_key) BETWEEN 1 AND 80);
CREATE UNIQUE INDEX companion_memories_fact_idx ON companion_memories (user_id, fact_key) WHERE fact_key IS NOT NULL;
