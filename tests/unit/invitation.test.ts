/*
 * The pure parts of team invitations: an invitation's status from its dates, where an
 * invitee lands, the page's schema (the sign-up card's rules), the token's shape and hash,
 * the e-mail (role name and link only, every value escaped in its HTML), and who may give
 * which role by invitation.
 */
import { describe, expect, it } from 'vitest';
import { authErrors } from '~/messages/auth';
import { invitationEmail } from '~/messages/auth-emails';
import {
  INVITATION_TOKEN,
  INVITATION_TTL_MS,
  invitationStatus,
  landingPageFor,
  signInLandingFor,
} from '~/lib/invitation';
import { invitationAcceptSchema } from '~/lib/validation/auth';
import { invitationMail } from '~/server/auth/emails';
import { losesInviteRight, mayGrantRole } from '~/server/auth/invitation-rights';
import { hashInvitationToken, invitationLink } from '~/server/auth/invitations';

const NOW = new Date('2026-11-25T12:00:00Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);

describe('invitationStatus', () => {
  it.each([
    [{ acceptedAt: null, revokedAt: null, expiresAt: at(1) }, 'pendente'],
    [{ acceptedAt: null, revokedAt: null, expiresAt: at(0) }, 'expirado'],
    [{ acceptedAt: null, revokedAt: at(-1), expiresAt: at(1) }, 'revogado'],
    [{ acceptedAt: at(-1), revokedAt: null, expiresAt: at(-2) }, 'aceito'],
    // Accepted wins over a later revocation attempt: the account exists.
    [{ acceptedAt: at(-2), revokedAt: at(-1), expiresAt: at(1) }, 'aceito'],
  ] as const)('%o → %s', (row, status) => {
    expect(invitationStatus(row, NOW)).toBe(status);
  });

  it('lasts 72 hours', () => {
    expect(INVITATION_TTL_MS).toBe(72 * 3_600_000);
  });
});

it('lands each role on its part of the admin area', () => {
  expect(landingPageFor('vendas')).toBe('/admin/hoje');
  expect(landingPageFor('editor')).toBe('/blog/admin/posts');
  expect(landingPageFor('admin')).toBe('/blog/admin');
  // Signing in lands the same way; a salesperson on her leads, not on team-wide numbers.
  expect(signInLandingFor('vendas')).toBe('/admin/hoje');
  expect(signInLandingFor('editor')).toBe('/blog/admin/posts');
  for (const role of ['admin', 'user', '', null, undefined]) expect(signInLandingFor(role)).toBe('/blog/admin');
});

describe('invitationAcceptSchema', () => {
  it('takes a name and a strong password, trimming the name', () => {
    expect(invitationAcceptSchema.parse({ fullName: '  Ana Souza ', password: 'Qz7#mPw2$vLx9!' })).toEqual({
      fullName: 'Ana Souza',
      password: 'Qz7#mPw2$vLx9!',
    });
  });

  it('refuses a weak password and an empty name with the sign-up messages', () => {
    const weak = invitationAcceptSchema.safeParse({ fullName: 'Ana', password: 'abc' });
    expect(weak.error?.issues.map((issue) => issue.message)).toEqual([authErrors.weakPassword]);
    const unnamed = invitationAcceptSchema.safeParse({ fullName: '  ', password: 'Qz7#mPw2$vLx9!' });
    expect(unnamed.error?.issues.map((issue) => issue.message)).toEqual([authErrors.nameRequired]);
  });
});

describe('tokens and links', () => {
  it('keeps a SHA-256 of the token, never the token', () => {
    const token = 'A'.repeat(43);
    expect(INVITATION_TOKEN.test(token)).toBe(true);
    expect(INVITATION_TOKEN.test('abc')).toBe(false);
    expect(hashInvitationToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashInvitationToken(token)).not.toContain(token);
  });

  it('mails the role and the link, escaped in HTML', () => {
    const url = invitationLink('https://pilota.example', 'a_b-c');
    expect(url).toBe('https://pilota.example/auth/convite?token=a_b-c');
    const mail = invitationMail('ana@exemplo.com', 'vendas', `${url}&x="<b>`);
    expect(mail.to).toBe('ana@exemplo.com');
    expect(mail.subject).toBe(invitationEmail.subject);
    expect(mail.text).toContain(invitationEmail.body('Vendas'));
    expect(mail.text).toContain(invitationEmail.validity);
    expect(mail.text).toContain(`${url}&x="<b>`);
    expect(mail.html).not.toContain('"<b>');
    expect(mail.html).toContain('&quot;&lt;b&gt;');
  });
});

describe('who may give a role by invitation', () => {
  it('an admin gives any invitable role; no other role gives any, nor does a missing account', () => {
    for (const role of ['admin', 'vendas', 'editor']) expect(mayGrantRole('admin', role)).toBe(true);
    expect(mayGrantRole('admin', 'user')).toBe(false);
    for (const inviter of ['vendas', 'editor', 'user', null, undefined])
      expect(mayGrantRole(inviter, 'vendas')).toBe(false);
  });

  it('the right to invite is lost only by leaving the admin role', () => {
    expect(losesInviteRight('admin', 'vendas')).toBe(true);
    expect(losesInviteRight('admin', 'user')).toBe(true);
    expect(losesInviteRight('admin', 'admin')).toBe(false);
    expect(losesInviteRight('vendas', 'user')).toBe(false);
    expect(losesInviteRight(null, 'admin')).toBe(false);
  });
});
