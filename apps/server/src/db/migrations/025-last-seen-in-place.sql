-- "Last seen" is written in place. Two indexes of migration 004 held users.last_active_at for the
-- feed, which since migration 023 ranks by profiles.active_day and reads neither: nothing uses
-- them. An indexed column that changes makes every update of the row a new row version with an
-- entry in each of the table's indexes (users_pkey, users_email_key and both of these): the
-- batched "last seen" write (auth/last-seen.ts) cost four index inserts per member, and bench:load
-- counted ~750 full-page images in each of those four indexes in a 12/s step. Without them, the
-- write changes no indexed column and PostgreSQL can update the row on its own page (a HOT update:
-- no index entry at all) when the page has room for the new version. The table now leaves a tenth
-- of each page free for that (rows written from now on; a page's old versions are pruned when it is
-- next read, so the room comes back between batches).
DROP INDEX users_active_id_idx;
DROP INDEX users_last_active_idx;
ALTER TABLE users SET (fillfactor = 90);
