/*
 * The connectors as delivery transports (src/server/transport/transport.ts): each sends a
 * queued delivery's stored body to its service with the secret from the configuration
 * (never stored with the row). The delivery engine runs them in the webhook lane, one
 * breaker and one concurrency limit per target, and records every attempt.
 */
import { connectorErrorMessages as m } from '~/messages/inbox/deliveries';
import { deliveryKindLabels } from '~/messages/inbox/labels';
import type { ConnectorKind } from '~/lib/delivery-kinds';
import type { DeliveryRow, Transport } from '../transport/transport';
import type { ConnectorsConfig } from './config';
import { call, CONNECTOR_TIMEOUT_MS, ConnectorError, Spacer } from './http';
import { PersonSteps, type PipedriveRequest } from './pipedrive-person';
import { ensureDeal, ensureLead, organizationId } from './pipedrive-records';

export interface ConnectorOptions {
  /** One attempt's budget (default CONNECTOR_TIMEOUT_MS). */
  timeoutMs?: number | undefined;
}

/** RD Station's limit is 120 requests a minute per account. */
const RDSTATION_SPACING_MS = 500;

type Body = Record<string, unknown>;

/** The messages a service's 400/422 gives, however it shapes them. */
function serviceMessages(answer: unknown): { type?: string; message?: string }[] {
  const out: { type?: string; message?: string }[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const item = value as Record<string, unknown>;
    // HubSpot's summary ("The request is not valid") says less than the list under it.
    if (item['errors'] && typeof item['errors'] === 'object') return visit(item['errors']);
    const type = item['errorType'] ?? item['error_type'] ?? item['code'];
    const message = item['message'] ?? item['error_message'] ?? item['error'];
    if (typeof type === 'string' || typeof message === 'string') {
      out.push({
        ...(typeof type === 'string' ? { type } : {}),
        ...(typeof message === 'string' ? { message } : {}),
      });
    }
  };
  visit(answer);
  return out;
}

/** The refusal in pt-BR: HubSpot's known validation types named, the others by the service's own words. */
function refusal(kind: ConnectorKind, status: number, answer: unknown): string {
  const details = serviceMessages(answer).map(({ type, message }) => {
    const field = /fields\.([\w.-]+)/.exec(message ?? '')?.[1] ?? /'([\w.-]+)'/.exec(message ?? '')?.[1] ?? '?';
    if (type === 'FIELD_NOT_IN_FORM_DEFINITION') return m.fieldNotInForm(field);
    if (type === 'INVALID_EMAIL') return m.invalidEmail;
    if (type === 'REQUIRED_FIELD') return m.requiredField(field);
    return [type, message].filter(Boolean).join(': ');
  });
  const detail = [...new Set(details)].join('; ') || m.otherReason(status);
  return m.rejected(deliveryKindLabels[kind], detail);
}

/** The hint for a 401/403 (and `extra` statuses): which variables of `kind` to check. */
function misconfiguration(kind: ConnectorKind, variables: string, extra: readonly number[] = []) {
  return (status: number): string | undefined =>
    status === 401 || status === 403 || extra.includes(status)
      ? m.misconfigured(deliveryKindLabels[kind], status, variables)
      : undefined;
}

function describe(error: unknown): ReturnType<Transport['describeFailure']> {
  if (error instanceof ConnectorError) {
    const { permanent, retryAfterMs, misconfigured } = error.options;
    return {
      reason: error.reason,
      // A refusal of one lead's data says nothing about the service's health.
      outcome: permanent ? 'neutral' : 'failure',
      ...(permanent ? { permanent } : {}),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      ...(misconfigured ? { misconfigured } : {}),
    };
  }
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  return { reason: typeof code === 'string' ? code : typeof name === 'string' ? name : 'error', outcome: 'failure' };
}

export function rdStationTransport(
  config: NonNullable<ConnectorsConfig['rdstation']>,
  options: ConnectorOptions = {},
): Transport {
  const timeoutMs = options.timeoutMs ?? CONNECTOR_TIMEOUT_MS;
  const spacer = new Spacer(RDSTATION_SPACING_MS);
  return {
    send: async (row: DeliveryRow) => {
      await spacer.turn();
      await call(`${row.target}?api_key=${encodeURIComponent(config.apiKey)}`, {
        method: 'POST',
        body: row.payload,
        signal: AbortSignal.timeout(timeoutMs),
        secrets: [config.apiKey],
        refused: (status, answer) => refusal('rdstation', status, answer),
        misconfigured: misconfiguration('rdstation', 'RDSTATION_API_KEY'),
      });
      return 'sent';
    },
    describeFailure: describe,
    timeoutMs: timeoutMs + RDSTATION_SPACING_MS,
  };
}

export function hubSpotTransport(options: ConnectorOptions = {}): Transport {
  const timeoutMs = options.timeoutMs ?? CONNECTOR_TIMEOUT_MS;
  return {
    send: async (row: DeliveryRow) => {
      await call(row.target, {
        method: 'POST',
        body: row.payload,
        signal: AbortSignal.timeout(timeoutMs),
        secrets: [],
        refused: (status, answer) => refusal('hubspot', status, answer),
        // The submissions endpoint answers 404 for a portal or form that does not exist.
        misconfigured: misconfiguration('hubspot', 'HUBSPOT_PORTAL_ID e HUBSPOT_FORM_GUID', [404]),
      });
      return 'sent';
    },
    describeFailure: describe,
    timeoutMs,
  };
}

interface PipedriveBody {
  email: string;
  organization?: Body & { name: string };
  person: Body;
  /** One of the two: a lead (the default), or a deal in the configured stage. */
  lead?: Body & { origin_id: string };
  deal?: Body & { origin_id: string };
}

/**
 * The organization (when the lead names one), the person by e-mail, then the lead or deal
 * (./pipedrive-records.ts), each found before it is written: an attempt cut off after any write
 * (a lost answer, a 5xx after the service stored it, a killed process) is followed by one that
 * finds what was written instead of duplicating it.
 *
 * Two leads with one new e-mail in flight together would both find no person and both create
 * one: in this process the person step runs one at a time per e-mail (./pipedrive-person.ts),
 * and across processes the later creator finds both on a second look and keeps the older.
 */
export function pipedriveTransport(
  config: NonNullable<ConnectorsConfig['pipedrive']>,
  options: ConnectorOptions = {},
): Transport {
  const timeoutMs = options.timeoutMs ?? CONNECTOR_TIMEOUT_MS;
  const persons = new PersonSteps();
  return {
    send: async (row: DeliveryRow) => {
      const body = row.payload as PipedriveBody;
      const request = pipedriveRequest(row.target, config.apiToken, AbortSignal.timeout(timeoutMs));
      const orgId = body.organization ? await organizationId(request, body.organization) : undefined;
      const org = orgId !== undefined ? { org_id: orgId } : {};
      const personId = await persons.findOrCreate(request, body.email, { ...body.person, ...org });
      const links = { person_id: personId, ...org };
      if (body.deal) await ensureDeal(request, body.deal, links);
      else if (body.lead) await ensureLead(request, body.lead, links);
      return 'sent';
    },
    describeFailure: describe,
    timeoutMs,
  };
}

/** One call to the Pipedrive account at `target` (its root; a "/v1" of older rows is dropped). */
export function pipedriveRequest(target: string, apiToken: string, signal: AbortSignal): PipedriveRequest {
  const root = target.replace(/\/v1\/?$/, '');
  return (method, path, payload) =>
    call(`${root}${path}`, {
      method,
      headers: { 'x-api-token': apiToken },
      ...(payload === undefined ? {} : { body: payload }),
      signal,
      secrets: [apiToken],
      refused: (status, answer) => refusal('pipedrive', status, answer),
      misconfigured: misconfiguration('pipedrive', 'PIPEDRIVE_API_TOKEN'),
    }) as Promise<{ data?: unknown } | undefined>;
}

/** The transports of the configured connectors; one that is off never receives a delivery. */
export function connectorTransports(
  connectors: ConnectorsConfig,
  options: ConnectorOptions = {},
): Record<ConnectorKind, Transport> {
  const off = (kind: ConnectorKind): Transport => ({
    send: () => Promise.reject(new ConnectorError(`${deliveryKindLabels[kind]} is not configured`, 'not configured')),
    describeFailure: describe,
  });
  return {
    rdstation: connectors.rdstation ? rdStationTransport(connectors.rdstation, options) : off('rdstation'),
    hubspot: connectors.hubspot ? hubSpotTransport(options) : off('hubspot'),
    pipedrive: connectors.pipedrive ? pipedriveTransport(connectors.pipedrive, options) : off('pipedrive'),
  };
}
