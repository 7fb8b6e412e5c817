-- Arrival detected (docs/live-location.md#arrival): when her check-in was set, so an arrival cannot claim an earlier
-- time, and whether "I'm safe" (safe_at) came from her phone seeing her arrive rather than from her tap.
ALTER TABLE shares ADD COLUMN check_in_set_at TEXT;
ALTER TABLE shares ADD COLUMN safe_on_arrival INTEGER NOT NULL DEFAULT 0;
