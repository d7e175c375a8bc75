-- Issue 56: a new member's first day. Credits once, when the address is first confirmed (the
-- welcome bonus, WELCOME_CREDITS): one reward_claims row ('welcome', 'once') makes it once per
-- member, however many confirmations race.
ALTER TABLE reward_claims DROP CONSTRAINT reward_claims_kind_check;
ALTER TABLE reward_claims ADD CONSTRAINT reward_claims_kind_check CHECK (kind IN ('login', 'upload_photo', 'get_vote', 'welcome'));
