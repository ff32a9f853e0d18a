/*
 * The e-mail that confirms a new account's address. Plain text first (what every client
 * shows), HTML with the name escaped: the name is user input.
 */
import { verificationEmail } from '../../../content/messages/auth';
import type { MailMessage } from '../mail';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function verificationMail(name: string, to: string, url: string): MailMessage {
  const greeting = verificationEmail.greeting(name);
  const text = [greeting, '', verificationEmail.body, '', url, '', verificationEmail.ignore].join('\n');
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;color:#1e293b">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(verificationEmail.body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#1c3fc4;color:#fff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(verificationEmail.action)}</a></p>
<p style="font-size:14px;color:#475569">${escapeHtml(url)}</p>
<p style="font-size:14px;color:#475569">${escapeHtml(verificationEmail.ignore)}</p>
</body></html>`;
  return { to, subject: verificationEmail.subject, text, html };
}
