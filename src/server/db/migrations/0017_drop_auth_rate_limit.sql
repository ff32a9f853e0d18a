-- Better Auth's own counters kept each client's address in clear, for good; the counters now
-- live in rate_limits under a keyed hash (src/server/auth/auth-rate-limit-storage.ts).
DROP TABLE "auth_rate_limit" CASCADE;
