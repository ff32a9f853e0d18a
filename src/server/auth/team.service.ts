/*
 * The team of one runtime (built in src/server/compose.ts): its members and their roles,
 * the invitations that bring new people in, and the invitation page's side (look a link
 * up, accept it, count the page's requests). Verbs over ./team-members.ts,
 * ./invitations.ts and ./invitation-accept.ts with the runtime's database, clock and outbox.
 */
import type { InvitableRole } from '~/lib/invitation';
import type { Actor } from '../actor';
import type { Config } from '../config';
import type { UserRole } from '../db/schema/auth';
import type { ServiceDeps } from '../service-deps';
import {
  acceptInvitation,
  allowInvitationRequest,
  lookupInvitation,
  type AcceptResult,
  type INVITATION_RATE_LIMITS,
  type LinkLookup,
} from './invitation-accept';
import {
  inviteMember,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  type InvitationChangeResult,
  type InviteResult,
  type TeamInvitation,
} from './invitations';
import {
  listTeamMembers,
  revokeMemberSessions,
  setMemberRole,
  type RevokeResult,
  type SetRoleResult,
  type TeamMember,
} from './team-members';

export interface TeamDeps extends Pick<ServiceDeps, 'db' | 'security' | 'outbox' | 'now'> {
  /** SITE_URL, for the invitation links. */
  config: Pick<Config, 'siteUrl'>;
}

export interface TeamService {
  members(): Promise<TeamMember[]>;
  invitations(): Promise<TeamInvitation[]>;
  setRole(input: { userId: string; role: UserRole }, actor: Actor): Promise<SetRoleResult>;
  revokeSessions(userId: string, actor: Actor): Promise<RevokeResult>;
  invite(input: { email: string; role: InvitableRole }, actor: Actor): Promise<InviteResult>;
  resendInvitation(id: string, actor: Actor): Promise<InvitationChangeResult>;
  revokeInvitation(id: string, actor: Actor): Promise<InvitationChangeResult>;
  /** What an invitation link opens now. */
  lookupInvitation(token: string): Promise<LinkLookup>;
  /** Creates the invited account; `ip` is the client's, for the security events. */
  acceptInvitation(
    input: { token: string; name: string; password: string },
    ip: string | undefined,
  ): Promise<AcceptResult>;
  /** Counts one request to the invitation page; false over its per-address limit. */
  allowInvitationRequest(kind: keyof typeof INVITATION_RATE_LIMITS, ip: string | undefined): Promise<boolean>;
}

export function createTeamService(deps: TeamDeps): TeamService {
  return {
    members: () => listTeamMembers(deps.db, deps.now()),
    invitations: () => listInvitations(deps.db, deps.now()),
    setRole: (input, actor) => setMemberRole(deps, input, actor),
    revokeSessions: (userId, actor) => revokeMemberSessions(deps, userId, actor),
    invite: (input, actor) => inviteMember(deps, input, actor),
    resendInvitation: (id, actor) => resendInvitation(deps, id, actor),
    revokeInvitation: (id, actor) => revokeInvitation(deps, id, actor),
    lookupInvitation: (token) => lookupInvitation(deps.db, token, deps.now()),
    acceptInvitation: (input, ip) => acceptInvitation(deps, input, ip),
    allowInvitationRequest: (kind, ip) => allowInvitationRequest(deps, kind, ip),
  };
}
