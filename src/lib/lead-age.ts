/**
 * How long ago a lead arrived, as the list shows it: "agora", "há 12 min", "há 3 h",
 * "há 2 dias". Wall-clock time (what the salesperson feels), truncated, never rounded up:
 * the reply promise itself counts business hours (./reply-deadline.ts decides "overdue").
 */
import { leadAgeCopy } from '~/messages/lead-work';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * @example formatLeadAge(new Date('2026-11-23T12:00:00Z'), new Date('2026-11-23T15:20:00Z')) // 'há 3 h'
 */
export function formatLeadAge(createdAt: Date, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - createdAt.getTime());
  if (elapsed < MINUTE_MS) return leadAgeCopy.now;
  if (elapsed < HOUR_MS) return leadAgeCopy.minutes(Math.floor(elapsed / MINUTE_MS));
  if (elapsed < DAY_MS) return leadAgeCopy.hours(Math.floor(elapsed / HOUR_MS));
  return leadAgeCopy.days(Math.floor(elapsed / DAY_MS));
}
