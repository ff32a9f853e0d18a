/*
 * The personal data of the sales reports (src/server/db/personal-data.ts has the shape): daily
 * counts of leads, where a salesperson's rows name their account.
 */
import type { PersonalDataPart } from '../db/personal-data';

export const leadReportsPersonalData: PersonalDataPart = {
  tables: {
    lead_daily: { holds: 'team', kept: 'rebuilt from the leads it counts' },
    lead_daily_stale: { holds: 'none' },
  },
};
