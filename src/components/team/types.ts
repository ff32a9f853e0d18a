/*
 * The rows the team page shows, named from the team service's face: the feature keeps its
 * row types to itself, and the page's sections take exactly what `runtime.team` answers.
 */
import type { TeamService } from '~/server/auth';

export type TeamMemberRow = Awaited<ReturnType<TeamService['members']>>[number];
export type TeamInvitationRow = Awaited<ReturnType<TeamService['invitations']>>[number];
