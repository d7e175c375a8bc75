-- Issue 56 item 5: when the member last opened her matches and her flirts. What came after is new
-- (the badges on Matches and Flirts), on every device. Existing members start with nothing new; a
-- new member's start is her account's creation.
ALTER TABLE users ADD COLUMN matches_seen_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE users ADD COLUMN flirts_seen_at timestamptz NOT NULL DEFAULT now();
