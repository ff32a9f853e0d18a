/*
 * The personal data of accounts and sign-in (src/server/db/personal-data.ts has the shape):
 * the team's own, managed on /admin/usuarios rather than through the LGPD tools.
 */
import type { PersonalDataPart } from '../db/personal-data';

export const authPersonalData: PersonalDataPart = {
  tables: {
    auth_user: { holds: 'team', kept: 'while the account exists; never-confirmed sign-ups a week' },
    auth_session: { holds: 'team', kept: 'until the session ends' },
    auth_account: { holds: 'team', kept: 'while the account exists' },
    auth_verification: { holds: 'transient', kept: 'until the link expires' },
    auth_login_attempts: { holds: 'transient', kept: 'a day after the last failed sign-in (housekeeping)' },
    team_invitations: { holds: 'team', kept: '30 days after it closed (housekeeping)' },
  },
};
