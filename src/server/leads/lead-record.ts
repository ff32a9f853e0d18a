/*
 * A lead as the service stores it: the validated form input normalised (empty text
 * instead of absent, empresa only for the types that have one) plus what the server
 * adds. The same record goes to the database, the spool, the e-mail and the webhooks. The
 * phone is kept as national digits (src/lib/phone.ts), the one stored form; what goes out
 * applies the mask (or E.164) from phone.ts.
 */
import { phoneDigits } from '~/lib/phone';
import { requiresEmpresa, type LeadInput } from '~/lib/validation/lead';
import { consentProof, publishedProof } from '../consent/consent-proof';
import type { LeadRecord } from '../db/schema/leads';

export interface LeadMeta {
  id: string;
  now: Date;
  submissionKey: string;
  ipHash: string | null;
  userAgent: string | null;
}

export function toLeadRecord(input: LeadInput, meta: LeadMeta): LeadRecord {
  return {
    id: meta.id,
    createdAt: meta.now,
    nome: input.nome,
    email: input.email,
    celular: phoneDigits(input.celular),
    tipo: input.tipo,
    empresa: requiresEmpresa(input.tipo) ? (input.empresa ?? '') : '',
    mensagem: input.mensagem ?? '',
    paginaOrigem: input.pagina_origem ?? '',
    utmSource: input.utm_source ?? '',
    utmMedium: input.utm_medium ?? '',
    utmCampaign: input.utm_campaign ?? '',
    ctaSource: input.cta_source ?? '',
    partnerSlug: input.partner_slug || null,
    // A version the site never published (a hand-made post) is recorded as such, never as the current one.
    consentVersion: consentProof('lead', input.consent_version).version,
    consentAt: meta.now,
    ...marketingAnswer(input),
    submissionKey: meta.submissionKey,
    ipHash: meta.ipHash,
    userAgent: meta.userAgent ? meta.userAgent.slice(0, 400) : null,
  };
}

/**
 * The optional marketing box: the version shown, when the site published it, and whether it
 * was ticked. A tick without a known version is no consent ("sem consentimento de marketing").
 */
export function marketingAnswer(
  input: Pick<LeadInput, 'marketing_version' | 'marketing_opt_in'>,
): Pick<LeadRecord, 'marketingVersion' | 'marketingConsent'> {
  const shown = publishedProof('marketing', input.marketing_version);
  return { marketingVersion: shown?.version ?? null, marketingConsent: Boolean(shown && input.marketing_opt_in) };
}
