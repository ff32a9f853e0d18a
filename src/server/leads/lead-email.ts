/*
 * The team's notification for a new lead: SPEC §3's template parameters, rendered
 * as a pt-BR HTML + text e-mail to LEAD_NOTIFY_TO with reply-to the lead.
 */
import { leadEmail as copy, tipoLabels } from '~/copy/messages/lead';
import { formatDateTime } from '~/lib/br-format';
import { formatPhone } from '~/lib/phone';
import type { MailMessage } from '../mail';
import type { LeadRecord } from '../db/schema/leads';
import { escapeHtml } from '~/lib/escape';

/** SPEC §3 template parameters, every one filled ('Não informado' where empty). */
export interface LeadTemplateParams {
  to_name: string;
  from_name: string;
  from_email: string;
  phone: string;
  user_type: string;
  company: string;
  pagina_origem: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  current_date: string;
  message: string;
}

const orEmpty = (value: string) => value.trim() || copy.empty;

/** The marketing box's answer, in words ("sem consentimento de marketing" unless ticked). */
const marketingText = (lead: Pick<LeadRecord, 'marketingConsent'>) =>
  lead.marketingConsent ? copy.labels.marketing_sim : copy.labels.marketing_nao;

export function leadTemplateParams(lead: LeadRecord): LeadTemplateParams {
  const base = {
    to_name: copy.toName,
    from_name: lead.nome,
    from_email: lead.email,
    phone: formatPhone(lead.celular),
    user_type: tipoLabels[lead.tipo],
    company: orEmpty(lead.empresa),
    pagina_origem: orEmpty(lead.paginaOrigem),
    utm_source: orEmpty(lead.utmSource),
    utm_medium: orEmpty(lead.utmMedium),
    utm_campaign: orEmpty(lead.utmCampaign),
    current_date: formatDateTime(lead.createdAt),
  };
  const l = copy.labels;
  const lines = [
    `${l.from_name}: ${base.from_name}`,
    `${l.from_email}: ${base.from_email}`,
    `${l.phone}: ${base.phone}`,
    `${l.user_type}: ${base.user_type}`,
    `${l.company}: ${base.company}`,
    ...(lead.mensagem ? [`${l.mensagem}: ${lead.mensagem}`] : []),
    `${l.pagina_origem}: ${base.pagina_origem}`,
    `${l.utm_source}: ${base.utm_source}`,
    `${l.utm_medium}: ${base.utm_medium}`,
    `${l.utm_campaign}: ${base.utm_campaign}`,
    `${l.current_date}: ${base.current_date}`,
    `${l.marketing}: ${marketingText(lead)}`,
  ];
  return { ...base, message: lines.join('\n') };
}

/**
 * The team's e-mail about `lead`; `held`, when the database is down, is how many leads the
 * spool holds (this one included), said above the lead's fields.
 */
export function buildLeadEmail(lead: LeadRecord, to: string, held?: number): MailMessage {
  const p = leadTemplateParams(lead);
  const note = held === undefined ? undefined : copy.heldNote(held);
  const l = copy.labels;
  const rows: [string, string][] = [
    [l.from_name, p.from_name],
    [l.from_email, p.from_email],
    [l.phone, p.phone],
    [l.user_type, p.user_type],
    [l.company, p.company],
    ...(lead.mensagem ? [[l.mensagem, lead.mensagem] as [string, string]] : []),
    [l.pagina_origem, p.pagina_origem],
    [l.utm_source, p.utm_source],
    [l.utm_medium, p.utm_medium],
    [l.utm_campaign, p.utm_campaign],
    [l.current_date, p.current_date],
    [l.marketing, marketingText(lead)],
  ];
  // One <style> block rather than inline styles per cell: the message is stored with every lead.
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><style>
body{font-family:Arial,sans-serif;color:#0f172a}th,td{padding:6px;border-bottom:1px solid #e2e8f0;text-align:left}td{white-space:pre-wrap}
</style></head><body>
<h1>${escapeHtml(copy.heading)}</h1>
${note ? `<p><strong>${escapeHtml(note)}</strong></p>\n` : ''}<p>${escapeHtml(copy.intro(p.to_name))}</p>
<table>
${rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<p>${escapeHtml(copy.replyHint)}</p>
</body></html>`;
  const text = `${note ? `${note}\n\n` : ''}${copy.intro(p.to_name)}\n\n${p.message}\n\n${copy.replyHint}\n`;
  return {
    to,
    replyTo: lead.email,
    subject: copy.subject(p.from_name, p.user_type),
    text,
    html,
  };
}

/** The JSON each webhook receives: the lead fields (SPEC §3) plus an ISO timestamp, the lead id and the marketing answer. */
export function leadWebhookBody(lead: LeadRecord) {
  return {
    id: lead.id,
    nome: lead.nome,
    email: lead.email,
    celular: formatPhone(lead.celular),
    tipo: lead.tipo,
    empresa: lead.empresa,
    pagina_origem: lead.paginaOrigem,
    utm_source: lead.utmSource,
    utm_medium: lead.utmMedium,
    utm_campaign: lead.utmCampaign,
    timestamp: lead.createdAt.toISOString(),
    /** The optional marketing box: true only when ticked under a published version. */
    consentimento_marketing: lead.marketingConsent ?? false,
  };
}
