-- The sales reports now count the time to first contact in business hours: every day already rolled up is logged stale, so the next report rebuilds it in those hours.
INSERT INTO "lead_daily_stale" ("day") SELECT DISTINCT "day" FROM "lead_daily";
