/*
 * Stand-ins for the marketing APIs the connectors call, on 127.0.0.1 (./serve.ts), each
 * implementing its vendor's current documented request contract and errors. Pipedrive is
 * ./pipedrive.ts; the ZAP-format CRM, ./zap-crm.ts.
 *
 * - RD Station Marketing, "Conversion event" (https://developers.rdstation.com/reference/conversao,
 *   POST /platform/conversions?api_key=…): 401 for a wrong key (its answer here echoes the
 *   request URL, key included, as a careless proxy would), 400 when event_type/event_family/
 *   conversion_identifier/email are missing or wrong, 400 for a `legal_bases` entry outside the
 *   documented values (category "communications"; type consent, legitimate_interest,
 *   judicial_process, vital_interest, public_interest or pre_existent_contract; status granted
 *   or declined), 422 for a custom field (cf_…) the account does not have. `legal_bases` is optional.
 *   Past the account's limits ("Limite de requisições da API",
 *   https://developers.rdstation.com/reference/limite-de-requisicoes-da-api: 120 a minute, 15.000
 *   conversions a day on most plans) it answers 429 TOO_MANY_REQUESTS with Retry-After.
 * - HubSpot Forms, "Submit data to a form (unauthenticated)"
 *   (https://developers.hubspot.com/docs/api-reference/legacy/marketing/forms/v3-legacy/submit-data-unauthenticated,
 *   POST /submissions/v3/integration/submit/{portalId}/{formGuid}): 404 for an unknown form, 400
 *   with FIELD_NOT_IN_FORM_DEFINITION / INVALID_EMAIL errors, and INVALID_LEGAL_OPTION_FORMAT
 *   when `legalConsentOptions` is not exactly one of `consent` {consentToProcess, text,
 *   communications: [{value, subscriptionTypeId, text}]} or `legitimateInterest` {value,
 *   subscriptionTypeId, legalBasis LEAD or CUSTOMER, text}.
 *   Past the portal's limits ("API usage guidelines and limits",
 *   https://developers.hubspot.com/docs/guides/apps/api-usage/usage-details) it answers 429 with
 *   errorType RATE_LIMIT and the policy hit (TEN_SECONDLY_ROLLING), its X-HubSpot-RateLimit-*
 *   headers, and Retry-After when the test scripts a wait.
 * - HubSpot CRM, "GDPR delete" of a contact
 *   (https://developers.hubspot.com/docs/api-reference/crm-contacts-v3/basic/post-crm-v3-objects-contacts-gdpr-delete,
 *   POST /crm/v3/objects/contacts/gdpr-delete with `Authorization: Bearer` a private app's
 *   token, body {objectId, idProperty: "email"}): 204 when the contact existed (its submissions
 *   are removed here), 404 OBJECT_NOT_FOUND when not, 401 for a wrong token.
 */
import { randomUUID } from 'node:crypto';
import { EMAIL, serve, type RateLimitedAnswer } from './serve';

export { startPipedrive } from './pipedrive';
export type { Fault, StandIn, StandInRequest } from './serve';

const rdRateLimited: RateLimitedAnswer = (retryAfter) => ({
  body: { errors: { error_type: 'TOO_MANY_REQUESTS', error_message: 'API rate limit exceeded' } },
  headers: retryAfter ? { 'Retry-After': retryAfter } : {},
});

const hubSpotRateLimited: RateLimitedAnswer = (retryAfter) => ({
  body: {
    status: 'error',
    message: 'You have reached your ten_secondly_rolling limit.',
    errorType: 'RATE_LIMIT',
    correlationId: randomUUID(),
    policyName: 'TEN_SECONDLY_ROLLING',
  },
  headers: {
    'X-HubSpot-RateLimit-Max': '100',
    'X-HubSpot-RateLimit-Remaining': '0',
    'X-HubSpot-RateLimit-Interval-Milliseconds': '10000',
    ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
  },
});

/** RD Station Marketing's conversion event API. */
export async function startRdStation(options: { apiKey: string; customFields: string[] }) {
  /** The key the account accepts; a test changes it to make the sender's key wrong. */
  const account = { apiKey: options.apiKey };
  const conversions: Record<string, unknown>[] = [];
  const standIn = await serve((request) => {
    if (request.method !== 'POST' || request.path !== '/platform/conversions') {
      return { status: 404, body: { errors: { error_type: 'RESOURCE_NOT_FOUND' } } };
    }
    const key = request.query.get('api_key');
    if (key !== account.apiKey) {
      return {
        status: 401,
        body: {
          errors: {
            error_type: 'UNAUTHORIZED',
            error_message: `Invalid API key in POST ${standIn.url}${request.path}?api_key=${key ?? ''}`,
          },
        },
      };
    }
    const body = request.json as { event_type?: unknown; event_family?: unknown; payload?: Record<string, unknown> };
    const payload = body?.payload ?? {};
    if (body?.event_type !== 'CONVERSION' || body.event_family !== 'CDP') {
      return {
        status: 400,
        body: { errors: [{ error_type: 'INVALID_EVENT', error_message: 'event_type must be CONVERSION' }] },
      };
    }
    if (typeof payload['conversion_identifier'] !== 'string' || !EMAIL.test(String(payload['email']))) {
      return {
        status: 400,
        body: {
          errors: [{ error_type: 'MUST_BE_PRESENT', error_message: 'email and conversion_identifier are required' }],
        },
      };
    }
    const legalBases = payload['legal_bases'];
    if (legalBases !== undefined && !validLegalBases(legalBases)) {
      return {
        status: 400,
        body: { errors: [{ error_type: 'INVALID_FORMAT', error_message: 'legal_bases has an invalid value' }] },
      };
    }
    const unknown = Object.keys(payload).filter(
      (name) => name.startsWith('cf_') && !options.customFields.includes(name),
    );
    if (unknown.length > 0) {
      return {
        status: 422,
        body: { errors: [{ error_type: 'INVALID_FIELDS', error_message: `Unknown fields: ${unknown.join(', ')}` }] },
      };
    }
    conversions.push(payload);
    return { status: 200, body: { event_uuid: randomUUID() } };
  }, rdRateLimited);
  return Object.assign(standIn, { conversions, account });
}

/** HubSpot's Forms submission API and its contacts' GDPR delete; `fields` is the form definition's field names. */
export async function startHubSpot(options: {
  portalId: string;
  formGuid: string;
  fields: string[];
  privateAppToken?: string;
}) {
  const submissions: Record<string, unknown>[] = [];
  const emailOf = (submission: Record<string, unknown>) =>
    (submission['fields'] as { name: string; value: string }[]).find((field) => field.name === 'email')?.value;
  const standIn = await serve((request) => {
    if (request.path === '/crm/v3/objects/contacts/gdpr-delete') {
      if (!options.privateAppToken || request.headers['authorization'] !== `Bearer ${options.privateAppToken}`) {
        return {
          status: 401,
          body: {
            status: 'error',
            message: 'Authentication credentials not found.',
            category: 'INVALID_AUTHENTICATION',
          },
        };
      }
      const { objectId, idProperty } = (request.json ?? {}) as { objectId?: string; idProperty?: string };
      const email = idProperty === 'email' ? objectId?.toLowerCase() : undefined;
      const before = submissions.length;
      for (let index = submissions.length - 1; index >= 0; index--) {
        if (email && emailOf(submissions[index]!)?.toLowerCase() === email) submissions.splice(index, 1);
      }
      if (submissions.length === before) {
        return { status: 404, body: { status: 'error', message: 'resource not found', category: 'OBJECT_NOT_FOUND' } };
      }
      return { status: 204 };
    }
    if (request.path !== `/submissions/v3/integration/submit/${options.portalId}/${options.formGuid}`) {
      return { status: 404, body: { status: 'error', message: 'Form not found' } };
    }
    const body = request.json as { fields?: { objectTypeId?: string; name: string; value: string }[] };
    const errors = (body?.fields ?? []).flatMap((field) => {
      if (!options.fields.includes(field.name)) {
        return [
          {
            message: `Error in 'fields.${field.name}'. Field '${field.name}' does not exist in form definition`,
            errorType: 'FIELD_NOT_IN_FORM_DEFINITION',
          },
        ];
      }
      if (field.name === 'email' && !EMAIL.test(field.value)) {
        return [{ message: `Error in 'fields.email'. Invalid email address`, errorType: 'INVALID_EMAIL' }];
      }
      return [];
    });
    const legal = (request.json as { legalConsentOptions?: unknown })?.legalConsentOptions;
    if (legal !== undefined && !validLegalConsentOptions(legal)) {
      errors.push({
        message: 'legalConsentOptions was in an invalid format',
        errorType: 'INVALID_LEGAL_OPTION_FORMAT',
      });
    }
    if (errors.length > 0) {
      return {
        status: 400,
        body: { status: 'error', message: 'The request is not valid', correlationId: randomUUID(), errors },
      };
    }
    submissions.push(request.json as Record<string, unknown>);
    return { status: 200, body: { inlineMessage: 'Obrigado!' } };
  }, hubSpotRateLimited);
  return Object.assign(standIn, { submissions });
}

const RD_LEGAL_TYPES = [
  'consent',
  'legitimate_interest',
  'judicial_process',
  'vital_interest',
  'public_interest',
  'pre_existent_contract',
];

function validLegalBases(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((item: Record<string, unknown>) => {
      return (
        item?.['category'] === 'communications' &&
        RD_LEGAL_TYPES.includes(String(item['type'])) &&
        (item['status'] === 'granted' || item['status'] === 'declined')
      );
    })
  );
}

function validLegalConsentOptions(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const options = value as Record<string, Record<string, unknown> | undefined>;
  const keys = Object.keys(options);
  if (keys.length !== 1) return false;
  const text = (item: Record<string, unknown> | undefined) => typeof item?.['text'] === 'string';
  if (keys[0] === 'consent') {
    const consent = options['consent'];
    const communications = consent?.['communications'] ?? [];
    return (
      typeof consent?.['consentToProcess'] === 'boolean' &&
      text(consent) &&
      Array.isArray(communications) &&
      communications.every(
        (item: Record<string, unknown>) =>
          typeof item?.['value'] === 'boolean' && typeof item['subscriptionTypeId'] === 'number' && text(item),
      )
    );
  }
  if (keys[0] === 'legitimateInterest') {
    const interest = options['legitimateInterest'];
    return (
      interest?.['value'] === true &&
      typeof interest['subscriptionTypeId'] === 'number' &&
      (interest['legalBasis'] === 'LEAD' || interest['legalBasis'] === 'CUSTOMER') &&
      text(interest)
    );
  }
  return false;
}
