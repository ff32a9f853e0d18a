/*
 * What each connector sends for a lead, built when the lead is saved (in its transaction,
 * like the webhook body) and kept in the delivery row exactly as it goes out — minus the
 * secret, which only the transport adds. Re-sending a delivery ("Reenviar") sends the same.
 *
 * Marketing consent comes only from the lead form's optional box (content/consent-notices.json
 * "marketing"), ticked under a version the site published: the notice under the button is
 * consent to be contacted about the request, a purpose of its own (LGPD art. 8 §4), so it is
 * never reported as consent to communications. Without the tick RD Station gets no legal
 * basis at all (its contract has no "not asked" value, and "declined" would revoke a consent
 * the person gave elsewhere) and HubSpot gets the communications checkbox as unticked.
 */
import { consentNotices } from '~/copy/consent-notices';
import { tipoLabels } from '~/copy/messages/lead';
import { consentNoticePlainText } from '~/lib/consent-notice';
import { phoneDigits, phoneE164 } from '~/lib/phone';
import type { ConnectorKind } from '~/lib/delivery-kinds';
import { publishedProof } from '../consent/consent-proof';
import type { LeadRecord } from '../db/schema/leads';
import type { ZapWebhookConfig } from '../webhooks/zap';
import type { ConnectorsConfig, FieldMap, LeadField } from './config';

/** One connector delivery of a lead: what the outbox stores. */
export interface ConnectorDelivery {
  kind: ConnectorKind;
  /** The endpoint without any secret: the breaker's and the deliveries page's target. */
  target: string;
  body: object;
}

/** Whether the lead ticked the marketing box, shown under a version the site published. */
export function consentedToCommunications(lead: Pick<LeadRecord, 'marketingVersion' | 'marketingConsent'>): boolean {
  return Boolean(lead.marketingConsent && lead.marketingVersion && publishedProof('marketing', lead.marketingVersion));
}

/**
 * A pt-BR full name split as HubSpot's firstname/lastname: the first word, then the rest.
 * @example splitName('Maria da Silva Souza') // ['Maria', 'da Silva Souza']
 */
export function splitName(nome: string): [string, string] {
  const [first = '', ...rest] = nome.trim().split(/\s+/);
  return [first, rest.join(' ')];
}

/** The page path as a slug for the conversion identifier: "/gestao/" → "gestao", "/" → "inicio". */
export function pageSlug(pagina: string): string {
  const path = pagina.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  const slug = path
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'inicio';
}

function leadValue(lead: LeadRecord, field: LeadField): string {
  switch (field) {
    case 'nome':
      return lead.nome;
    case 'primeiro_nome':
      return splitName(lead.nome)[0];
    case 'sobrenome':
      return splitName(lead.nome)[1];
    case 'email':
      return lead.email;
    case 'celular':
      return phoneE164(lead.celular);
    case 'empresa':
      return lead.empresa;
    case 'tipo':
      return lead.tipo;
    case 'mensagem':
      return lead.mensagem;
    case 'pagina':
      return lead.paginaOrigem;
    case 'parceiro':
      return lead.partnerSlug ?? '';
    case 'utm_source':
      return lead.utmSource;
    case 'utm_medium':
      return lead.utmMedium;
    case 'utm_campaign':
      return lead.utmCampaign;
  }
}

/** Mapped values that are not empty, as [their field name, value]. */
function mapped(lead: LeadRecord, map: FieldMap): [string, string][] {
  return Object.entries(map).flatMap(([field, name]) => {
    const text = leadValue(lead, field as LeadField);
    return name && text ? [[name, text] as [string, string]] : [];
  });
}

const nonEmpty = (entries: Record<string, string | null | undefined>) =>
  Object.fromEntries(Object.entries(entries).filter(([, text]) => text));

/** RD Station Marketing's conversion event (POST /platform/conversions). */
export function rdStationBody(lead: LeadRecord, config: NonNullable<ConnectorsConfig['rdstation']>) {
  const identifier = config.conversionIdentifier
    .replaceAll('{pagina}', pageSlug(lead.paginaOrigem))
    .replaceAll('{tipo}', lead.tipo)
    .replaceAll('{parceiro}', lead.partnerSlug ?? '');
  return {
    event_type: 'CONVERSION',
    event_family: 'CDP',
    payload: {
      conversion_identifier: identifier,
      name: lead.nome,
      email: lead.email,
      mobile_phone: phoneE164(lead.celular),
      ...nonEmpty({
        company_name: lead.empresa,
        traffic_source: lead.utmSource,
        traffic_medium: lead.utmMedium,
        traffic_campaign: lead.utmCampaign,
      }),
      ...Object.fromEntries(mapped(lead, config.customFields)),
      ...(consentedToCommunications(lead)
        ? { legal_bases: [{ category: 'communications', type: 'consent', status: 'granted' }] }
        : {}),
    },
  };
}

/**
 * HubSpot's form submission (POST /submissions/v3/integration/submit/{portalId}/{formGuid}).
 * `consentToProcess` is the notice under the button (shown under a published version: a lead
 * without one claims nothing); the communications checkbox is the marketing box, true only
 * when ticked. Texts are plain, the policy link an absolute address.
 */
export function hubSpotBody(lead: LeadRecord, config: NonNullable<ConnectorsConfig['hubspot']>, siteUrl: string) {
  const subscription = config.subscriptionTypeId;
  const legalConsentOptions = publishedProof('lead', lead.consentVersion)
    ? {
        consent: {
          consentToProcess: true,
          text: consentNoticePlainText(consentNotices.lead, siteUrl),
          communications:
            subscription === undefined
              ? []
              : [
                  {
                    value: consentedToCommunications(lead),
                    subscriptionTypeId: subscription,
                    text: consentNoticePlainText(consentNotices.marketing, siteUrl),
                  },
                ],
        },
      }
    : undefined;
  const page = lead.paginaOrigem || '/';
  const path = page.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0] || '/';
  return {
    submittedAt: String(lead.createdAt.getTime()),
    fields: mapped(lead, config.fields).map(([name, value]) => ({ objectTypeId: '0-1', name, value })),
    context: {
      pageUri: /^https?:\/\//i.test(page) ? page : `${siteUrl}${page.startsWith('/') ? '' : '/'}${page}`,
      pageName: `Pilota — ${path}`,
    },
    ...(legalConsentOptions ? { legalConsentOptions } : {}),
  };
}

/**
 * Pipedrive's steps: the organization named by `empresa` when given (found by exact name, else
 * created, API v2), the person (found by e-mail, else created, API v2: `emails[]` and `phones[]`)
 * and then the lead linked to them (leads are still v1) — or, with PIPEDRIVE_DEAL_PIPELINE_ID and
 * _STAGE_ID, a deal in that stage (API v2). `origin_id` is the lead's own id: Pipedrive keeps it
 * as given and nobody can edit it, so a retry finds the lead or deal an earlier attempt created
 * (archived or not) instead of adding a second one. The owner is the Pipedrive user
 * PIPEDRIVE_OWNERS maps the assignee's e-mail to; without one, Pipedrive makes the token's user owner.
 */
export function pipedriveBody(
  lead: LeadRecord,
  config: NonNullable<ConnectorsConfig['pipedrive']>,
  assigneeEmail?: string | undefined,
) {
  const label = config.labels[lead.tipo];
  const utm = [lead.utmSource, lead.utmMedium, lead.utmCampaign].filter(Boolean).join(' / ');
  const ownerId = assigneeEmail ? config.owners[assigneeEmail.toLowerCase()] : undefined;
  const owner = ownerId !== undefined ? { owner_id: ownerId } : {};
  const title = `${lead.nome} — ${tipoLabels[lead.tipo]}${lead.empresa ? ` (${lead.empresa})` : ''}`;
  const common = {
    title,
    origin_id: pipedriveOriginId(lead.id),
    ...owner,
    ...(config.channel !== undefined ? { channel: config.channel } : {}),
    ...(utm ? { channel_id: utm } : {}),
  };
  return {
    email: lead.email,
    ...(lead.empresa ? { organization: { name: lead.empresa, ...owner } } : {}),
    person: {
      name: lead.nome,
      emails: [{ value: lead.email, primary: true, label: 'work' }],
      phones: [{ value: phoneE164(lead.celular), primary: true, label: 'mobile' }],
      ...owner,
    },
    ...(config.deal
      ? { deal: { ...common, pipeline_id: config.deal.pipelineId, stage_id: config.deal.stageId } }
      : { lead: { ...common, ...(label ? { label_ids: [label] } : {}) } }),
  };
}

/**
 * The lead in Grupo ZAP's lead-integration JSON (https://developers.grupozap.com/leads/integration/),
 * which real-estate CRMs already import from the portals: sent as a webhook (signed, retried,
 * X-Pilota-Delivery, and `Authorization: Basic` when set) to LEAD_WEBHOOK_ZAP_URLS. The phone is
 * split into its area code and number, as the portals send it, and also whole (`phoneNumber`);
 * the contract has no field for the lead's type, company or page, so they close the `message`.
 * `originListingId` names what the visitor asked about: the site's page, as a slug.
 */
export function zapLeadBody(lead: LeadRecord, zap: ZapWebhookConfig | undefined) {
  const national = phoneDigits(lead.celular);
  const facts = [
    `Tipo: ${tipoLabels[lead.tipo]}`,
    ...(lead.empresa ? [`Empresa: ${lead.empresa}`] : []),
    ...(lead.paginaOrigem ? [`Página: ${lead.paginaOrigem}`] : []),
  ].join(' | ');
  return {
    leadOrigin: zap?.leadOrigin ?? 'Zap',
    timestamp: lead.createdAt.toISOString(),
    originLeadId: lead.id,
    originListingId: `pilota-${pageSlug(lead.paginaOrigem)}`,
    clientListingId: zap?.clientListingId ?? '',
    name: lead.nome,
    email: lead.email,
    ddd: national.slice(0, 2),
    phone: national.slice(2),
    phoneNumber: national,
    message: lead.mensagem ? `${lead.mensagem}\n\n${facts}` : facts,
  };
}

export const pipedriveOriginId = (leadId: string) => `pilota-${leadId}`;

export const rdStationTarget = (config: NonNullable<ConnectorsConfig['rdstation']>) =>
  `${config.baseUrl}/platform/conversions`;
export const hubSpotTarget = (config: NonNullable<ConnectorsConfig['hubspot']>) =>
  `${config.baseUrl}/submissions/v3/integration/submit/${config.portalId}/${config.formGuid}`;
/** The account's API root; rows queued before persons moved to v2 name it with "/v1", which the transport drops. */
export const pipedriveTarget = (config: NonNullable<ConnectorsConfig['pipedrive']>) => config.baseUrl;

/** The connector deliveries of one lead: one per configured connector. */
export function connectorDeliveries(
  lead: LeadRecord,
  connectors: ConnectorsConfig,
  siteUrl: string,
  /** The e-mail of the Pilota account the lead was assigned to, if any (Pipedrive's owner). */
  assigneeEmail?: string | undefined,
): ConnectorDelivery[] {
  const out: ConnectorDelivery[] = [];
  if (connectors.rdstation) {
    out.push({
      kind: 'rdstation',
      target: rdStationTarget(connectors.rdstation),
      body: rdStationBody(lead, connectors.rdstation),
    });
  }
  if (connectors.hubspot) {
    out.push({
      kind: 'hubspot',
      target: hubSpotTarget(connectors.hubspot),
      body: hubSpotBody(lead, connectors.hubspot, siteUrl),
    });
  }
  if (connectors.pipedrive) {
    out.push({
      kind: 'pipedrive',
      target: pipedriveTarget(connectors.pipedrive),
      body: pipedriveBody(lead, connectors.pipedrive, assigneeEmail),
    });
  }
  return out;
}
