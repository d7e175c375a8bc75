-- Issue 56, red team of session 59: erasing the account and registering the same address again
-- paid the welcome credits again, without end. The bonus is now once per address: the SHA-256 of
-- the normalised address (rewards.service.ts, welcomeAddressKey) is kept when the account is
-- erased, and nothing else with it (fraud prevention; docs/CREDITS.md).
CREATE TABLE welcome_grants (
  address_hash text PRIMARY KEY,
  granted_at timestamptz NOT NULL DEFAULT now()
);
