/*
 * A person erased in Pilota (LGPD art. 18 VI, src/server/lgpd) is erased in the CRMs too,
 * where their APIs allow it, right after Pilota's own erasure:
 *
 * - Pipedrive: for each of the person's e-mails, the person found by exact e-mail (API v2) is
 *   deleted, after the leads Pilota created for them (origin_id "pilota-…", archived or not).
 * - HubSpot: the contact is deleted by e-mail through the GDPR delete (POST
 *   /crm/v3/objects/contacts/gdpr-delete), which needs a private app's token
 *   (HUBSPOT_PRIVATE_APP_TOKEN); without one, it is a manual step like RD Station's.
 * - RD Station: the conversion API key cannot delete a contact, so the admin is told to delete
 *   it in RD Station Marketing by hand.
 *
 * Each CRM's outcome is reported on its own (one failing leaves the others done); nothing here
 * logs or keeps the e-mails.
 */
import { connectorErrorMessages as m } from '~/messages/inbox/deliveries';
import type { ConnectorsConfig } from './config';
import { call, CONNECTOR_TIMEOUT_MS, ConnectorError } from './http';
import { pipedriveOriginId } from './payloads';
import { personIdsByEmail } from './pipedrive-person';
import { pipedriveRequest } from './transports';

/** What the person's erasure did in one CRM. */
export type CrmErasureOutcome =
  | { status: 'deleted'; records: number }
  /** Nothing there to delete. */
  | { status: 'none' }
  /** The API cannot do it (or has no credentials for it): the admin does it by hand. */
  | { status: 'manual' }
  | { status: 'failed'; reason: string };

export type CrmErasure = Partial<Record<'pipedrive' | 'hubspot' | 'rdstation', CrmErasureOutcome>>;

export interface CrmSubject {
  emails: string[];
  /** Pilota's ids of the person's leads (Pipedrive's origin_id). */
  leadIds: string[];
}

export async function eraseInCrms(
  connectors: ConnectorsConfig,
  subject: CrmSubject,
  options: { timeoutMs?: number } = {},
): Promise<CrmErasure> {
  const timeoutMs = options.timeoutMs ?? CONNECTOR_TIMEOUT_MS;
  const emails = [...new Set(subject.emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  const out: CrmErasure = {};
  const attempt = async (run: () => Promise<number>): Promise<CrmErasureOutcome> => {
    if (emails.length === 0) return { status: 'none' };
    try {
      const records = await run();
      return records > 0 ? { status: 'deleted', records } : { status: 'none' };
    } catch (error) {
      return { status: 'failed', reason: error instanceof ConnectorError ? error.message : 'error' };
    }
  };
  const { pipedrive, hubspot, rdstation } = connectors;
  const [pipedriveOutcome, hubspotOutcome] = await Promise.all([
    pipedrive ? attempt(() => erasePipedrive(pipedrive, emails, subject.leadIds, timeoutMs)) : undefined,
    hubspot?.privateAppToken ? attempt(() => eraseHubSpot(hubspot, emails, timeoutMs)) : undefined,
  ]);
  if (pipedriveOutcome) out.pipedrive = pipedriveOutcome;
  if (hubspot) out.hubspot = hubspotOutcome ?? { status: 'manual' };
  if (rdstation) out.rdstation = { status: 'manual' };
  return out;
}

async function erasePipedrive(
  config: NonNullable<ConnectorsConfig['pipedrive']>,
  emails: string[],
  leadIds: string[],
  timeoutMs: number,
): Promise<number> {
  const request = pipedriveRequest(config.baseUrl, config.apiToken, AbortSignal.timeout(timeoutMs));
  const ours = new Set(leadIds.map(pipedriveOriginId));
  let deleted = 0;
  for (const email of emails) {
    for (const personId of await personIdsByEmail(request, email, 10)) {
      const leads = await request(
        'GET',
        `/v1/leads?${new URLSearchParams({ person_id: String(personId), archived_status: 'all', limit: '500' })}`,
      );
      const list = Array.isArray(leads?.data) ? (leads.data as { id?: unknown; origin_id?: unknown }[]) : [];
      for (const lead of list) {
        if (typeof lead.id === 'string' && ours.has(String(lead.origin_id))) {
          await request('DELETE', `/v1/leads/${encodeURIComponent(lead.id)}`);
          deleted++;
        }
      }
      await request('DELETE', `/api/v2/persons/${personId}`);
      deleted++;
    }
  }
  return deleted;
}

async function eraseHubSpot(
  config: NonNullable<ConnectorsConfig['hubspot']>,
  emails: string[],
  timeoutMs: number,
): Promise<number> {
  const token = config.privateAppToken!;
  let deleted = 0;
  for (const email of emails) {
    try {
      await call(`${config.apiBaseUrl}/crm/v3/objects/contacts/gdpr-delete`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: { objectId: email, idProperty: 'email' },
        signal: AbortSignal.timeout(timeoutMs),
        secrets: [token],
        refused: (status) => `answered ${status}`,
        misconfigured: (status) =>
          status === 401 || status === 403
            ? m.misconfigured('HubSpot', status, 'HUBSPOT_PRIVATE_APP_TOKEN')
            : undefined,
      });
      deleted++;
    } catch (error) {
      // No such contact: nothing to delete.
      if (error instanceof ConnectorError && error.options.status === 404) continue;
      throw error;
    }
  }
  return deleted;
}
