/*
 * The account e-mails. Each goes to whatever address was typed into the sign-up form, so
 * none carries anything the person signing up wrote: no name (a name such as
 * "www.evil.com" would be turned into a link by mail clients, and any text in it would be
 * a message sent from our domain to a stranger), only our copy and links to this site.
 * Plain text first (what every client shows), HTML with every value escaped.
 */
import {
  existingAccountEmail,
  invitationEmail,
  passwordResetEmail,
  verificationEmail,
} from '../../messages/auth-emails';
import type { MailMessage } from '../mail';
import { escapeHtml } from '../../lib/escape';

const BUTTON_STYLE =
  'display:inline-block;padding:12px 20px;background:#1c3fc4;color:#fff;border-radius:8px;text-decoration:none;font-weight:600';

function html(paragraphs: string[], action: { label: string; url: string }, note: string): string {
  return `<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;color:#1e293b">
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="${BUTTON_STYLE}">${escapeHtml(action.label)}</a></p>
<p style="font-size:14px;color:#475569">${escapeHtml(action.url)}</p>
<p style="font-size:14px;color:#475569">${escapeHtml(note)}</p>
</body></html>`;
}

/**
 * Confirms a new account's address; `url` opens the page where whoever holds the mailbox
 * chooses the account's password (auth.ts says why a bare confirmation is not enough).
 */
export function verificationMail(to: string, url: string): MailMessage {
  const { subject, greeting, body, action, ignore } = verificationEmail;
  const text = [greeting, '', body, '', url, '', ignore].join('\n');
  return { to, subject, text, html: html([greeting, body], { label: action, url }, ignore) };
}

/** Tells the owner of an address that someone tried to sign up with it; `signInUrl` is /auth. */
export function existingAccountMail(to: string, signInUrl: string): MailMessage {
  const { subject, greeting, body, hint, action, ignore } = existingAccountEmail;
  const text = [greeting, '', body, '', hint, signInUrl, '', ignore].join('\n');
  return { to, subject, text, html: html([greeting, body, hint], { label: action, url: signInUrl }, ignore) };
}

/** The link to set a new password of an account whose address is confirmed; `url` as above. */
export function passwordResetMail(to: string, url: string): MailMessage {
  const { subject, greeting, body, action, ignore } = passwordResetEmail;
  const text = [greeting, '', body, '', url, '', ignore].join('\n');
  return { to, subject, text, html: html([greeting, body], { label: action, url }, ignore) };
}

/**
 * An invitation to the team: the role's name (ours) and the link; nothing the admin typed
 * but the address it goes to. `url` opens /auth/convite.
 */
export function invitationMail(to: string, role: keyof typeof invitationEmail.roles, url: string): MailMessage {
  const { subject, greeting, action, validity, ignore } = invitationEmail;
  const body = invitationEmail.body(invitationEmail.roles[role]);
  const text = [greeting, '', body, '', url, '', validity, '', ignore].join('\n');
  return { to, subject, text, html: html([greeting, body, validity], { label: action, url }, ignore) };
}
