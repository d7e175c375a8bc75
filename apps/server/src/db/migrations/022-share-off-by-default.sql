-- Privacy by default (Art. 25 DSGVO): a new profile is not shared through a link until its member
-- turns sharing on. Existing profiles keep the setting their members have.
ALTER TABLE profiles ALTER COLUMN share_enabled SET DEFAULT false;
