/*
 * The two e-mails of a data-subject request: the confirmation link to the person who filed
 * it, and the team's notice (LEAD_NOTIFY_TO) once it is confirmed. Both go through the
 * outbox, so a mail outage only delays them.
 */
import { dsrConfirmationEmail, dsrTeamEmail, dsrTipoLabels } from '~/copy/messages/lgpd';
import { formatDate, formatDateTime } from '~/lib/br-format';
import { formatCpfValue } from '~/lib/documents';
import type { DsrRequest } from '../db/schema/lgpd';
import type { MailMessage } from '../mail';
import { escapeHtml } from '~/lib/escape';

const page = (body: string) => `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><style>
body{font-family:Arial,sans-serif;color:#0f172a}th,td{padding:6px;border-bottom:1px solid #e2e8f0;text-align:left}td{white-space:pre-wrap}
a.button{display:inline-block;padding:10px 16px;background:#1c3fc4;color:#fff;border-radius:8px;text-decoration:none}
</style></head><body>
${body}
</body></html>`;

/** The path of the page the confirmation link opens. */
export const CONFIRM_PATH = '/lgpd/confirmar';

export const confirmationLink = (siteUrl: string, token: string) =>
  `${siteUrl}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;

/**
 * To the person: the single-use link that confirms the request. The address is not proven
 * yet (anyone may type anyone's), so the message carries only our own text, the right chosen
 * from a fixed list and the link — never the name or details typed on the form.
 */
export function buildConfirmationEmail(request: Pick<DsrRequest, 'email' | 'tipo'>, link: string): MailMessage {
  const c = dsrConfirmationEmail;
  const tipo = dsrTipoLabels[request.tipo];
  const text = `${c.greeting}\n\n${c.body(tipo)}\n\n${link}\n\n${c.ignore}\n`;
  const html = page(`<p>${escapeHtml(c.greeting)}</p>
<p>${escapeHtml(c.body(tipo))}</p>
<p><a class="button" href="${escapeHtml(link)}">${escapeHtml(c.button)}</a></p>
<p>${escapeHtml(link)}</p>
<p>${escapeHtml(c.ignore)}</p>`);
  return { to: request.email, subject: c.subject, text, html };
}

/** The stored copy of a confirmation e-mail once its link was used: everything but the link. */
export function withoutLink(message: MailMessage): MailMessage {
  return { to: message.to, subject: message.subject, text: dsrConfirmationEmail.linkRemoved };
}

/** To the team: a confirmed request, its deadline and where to answer it. */
export function buildTeamNotice(request: DsrRequest, options: { siteUrl: string; to: string }): MailMessage {
  const t = dsrTeamEmail;
  const tipo = dsrTipoLabels[request.tipo];
  const due = formatDate(request.dueAt);
  const link = `${options.siteUrl}/admin/lgpd`;
  const rows: [string, string][] = [
    [t.labels.tipo, tipo],
    [t.labels.nome, request.nome],
    [t.labels.email, request.email],
    [t.labels.cpf, request.cpf ? formatCpfValue(request.cpf) : t.empty],
    [t.labels.detalhes, request.detalhes || t.empty],
    [t.labels.criadaEm, formatDateTime(request.createdAt)],
    [t.labels.prazo, due],
  ];
  const text = `${t.intro}\n\n${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${t.labels.link}: ${link}\n`;
  const html = page(`<p>${escapeHtml(t.intro)}</p>
<table>
${rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p><a class="button" href="${escapeHtml(link)}">${escapeHtml(t.labels.link)}</a></p>`);
  return { to: options.to, replyTo: request.email, subject: t.subject(tipo, due), text, html };
}
