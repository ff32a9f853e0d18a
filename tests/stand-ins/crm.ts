/*
 * Stand-ins for the CRM and marketing APIs the connectors call, on 127.0.0.1, each
 * implementing its service's documented request contract and its documented errors:
 *
 * - RD Station Marketing, POST /platform/conversions?api_key=…: 401 for a wrong key (its
 *   answer here echoes the request URL, key included, as a careless proxy would), 400 when
 *   event_type/event_family/conversion_identifier/email are missing or wrong, 422 for a
 *   custom field (cf_…) the account does not have.
 * - HubSpot Forms, POST /submissions/v3/integration/submit/{portalId}/{formGuid}: 404 for an
 *   unknown form, 400 with FIELD_NOT_IN_FORM_DEFINITION / INVALID_EMAIL errors.
 * - Pipedrive, /v1 with the x-api-token header: persons search (exact e-mail), persons,
 *   leads (filtered by person_id) — 401 without the token, 400 for a missing name or title
 *   or an unknown label. It keeps what it stores, so a test counts persons and leads.
 *
 * Faults are scripted per request, in order: a status (with an optional Retry-After, or an
 * `echo` of the request line and URL in its answer, as a careless proxy quotes what failed), 'hang'
 * (never answers: the caller's timeout must cut it), or 'store-then-500' (does the work, then
 * answers 500, the way a response lost after a commit looks to the caller).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { arrivals } from '../../scripts/support/arrivals';

export type Fault = number | { status: number; retryAfter?: string; echo?: true } | 'hang' | 'store-then-500';

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  json: unknown;
  /** What was answered. */
  status: number | 'hang';
}

export interface StandIn {
  url: string;
  requests: StandInRequest[];
  /** Faults for the next requests (those of `method` and `path` when given), in order. */
  faults: { method?: string; path?: string; fault: Fault }[];
  waitFor: (predicate?: (request: StandInRequest) => boolean, timeoutMs?: number) => Promise<StandInRequest>;
  close: () => Promise<void>;
}

type Handler = (request: StandInRequest) => { status: number; body?: unknown };

async function serve(handler: Handler): Promise<StandIn> {
  const requests: StandInRequest[] = [];
  const requestArrivals = arrivals(requests, 'request');
  const hanging = new Set<ServerResponse>();
  const standIn: StandIn = {
    url: '',
    requests,
    faults: [],
    waitFor: requestArrivals.waitFor,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://stand-in');
      let json: unknown;
      try {
        json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        json = undefined;
      }
      const request: StandInRequest = {
        method: incoming.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        json,
        status: 200,
      };
      const index = standIn.faults.findIndex(
        (item) => (!item.path || url.pathname === item.path) && (!item.method || incoming.method === item.method),
      );
      const fault = index >= 0 ? standIn.faults.splice(index, 1)[0]!.fault : undefined;
      const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        request.status = status;
        requests.push(request);
        requestArrivals.notify();
        response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body ?? {}));
      };
      if (fault === 'hang') {
        request.status = 'hang';
        requests.push(request);
        requestArrivals.notify();
        hanging.add(response);
        return;
      }
      if (fault === 'store-then-500') {
        handler(request);
        answer(500, { error: 'internal error' });
        return;
      }
      if (typeof fault === 'number') return answer(fault, { error: `scripted ${fault}` });
      if (fault && 'echo' in fault)
        return answer(fault.status, { error: `upstream failed: ${incoming.method} ${incoming.url}` });
      if (fault) {
        return answer(
          fault.status,
          { errors: [{ error_type: 'TOO_MANY_REQUESTS', error_message: 'rate limit exceeded' }] },
          fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {},
        );
      }
      const { status, body } = handler(request);
      answer(status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  });
  return Object.assign(standIn, { conversions, account });
}

/** HubSpot's Forms submission API; `fields` is the form definition's field names. */
export async function startHubSpot(options: { portalId: string; formGuid: string; fields: string[] }) {
  const submissions: Record<string, unknown>[] = [];
  const standIn = await serve((request) => {
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
    if (errors.length > 0) {
      return {
        status: 400,
        body: { status: 'error', message: 'The request is not valid', correlationId: randomUUID(), errors },
      };
    }
    submissions.push(request.json as Record<string, unknown>);
    return { status: 200, body: { inlineMessage: 'Obrigado!' } };
  });
  return Object.assign(standIn, { submissions });
}

interface Person {
  id: number;
  name: string;
  emails: string[];
  body: Record<string, unknown>;
}

/** Pipedrive's v1 persons and leads; `labels` are the account's lead label ids. */
export async function startPipedrive(options: { apiToken: string; labels: string[] }) {
  const persons: Person[] = [];
  const leads: Record<string, unknown>[] = [];
  const standIn = await serve((request) => {
    const token = request.headers['x-api-token'] ?? request.query.get('api_token');
    if (token !== options.apiToken) {
      return {
        status: 401,
        body: {
          success: false,
          error: 'unauthorized access',
          errorCode: 401,
          error_info: 'Please check developers.pipedrive.com',
        },
      };
    }
    const json = (request.json ?? {}) as Record<string, unknown>;
    if (request.method === 'GET' && request.path === '/v1/persons/search') {
      const term = (request.query.get('term') ?? '').toLowerCase();
      const exact = request.query.get('exact_match') === 'true';
      const items = persons
        .filter((person) =>
          person.emails.some((email) => (exact ? email.toLowerCase() === term : email.toLowerCase().includes(term))),
        )
        .map((person) => ({
          result_score: 1,
          item: { id: person.id, type: 'person', name: person.name, emails: person.emails },
        }));
      return {
        status: 200,
        body: { success: true, data: { items }, additional_data: { pagination: { more_items_in_collection: false } } },
      };
    }
    if (request.method === 'POST' && request.path === '/v1/persons') {
      if (typeof json['name'] !== 'string' || !json['name']) {
        return { status: 400, body: { success: false, error: 'Name must be given.', errorCode: 400 } };
      }
      const emails = ((json['email'] as { value: string }[] | undefined) ?? []).map((email) => email.value);
      const person = { id: persons.length + 1, name: json['name'], emails, body: json };
      persons.push(person);
      return { status: 201, body: { success: true, data: { id: person.id, name: person.name } } };
    }
    if (request.method === 'GET' && request.path === '/v1/leads') {
      const personId = Number(request.query.get('person_id'));
      return { status: 200, body: { success: true, data: leads.filter((lead) => lead['person_id'] === personId) } };
    }
    if (request.method === 'POST' && request.path === '/v1/leads') {
      if (typeof json['title'] !== 'string' || !json['title']) {
        return { status: 400, body: { success: false, error: 'Validation failed: title: Required', errorCode: 400 } };
      }
      if (!persons.some((person) => person.id === json['person_id'])) {
        return {
          status: 400,
          body: { success: false, error: 'Validation failed: person_id: Entity does not exist', errorCode: 400 },
        };
      }
      const unknownLabel = ((json['label_ids'] as string[] | undefined) ?? []).find(
        (id) => !options.labels.includes(id),
      );
      if (unknownLabel) {
        return {
          status: 400,
          body: {
            success: false,
            error: `Validation failed: label_ids: label ${unknownLabel} does not exist`,
            errorCode: 400,
          },
        };
      }
      const lead = { id: randomUUID(), ...json, origin: 'API' };
      leads.push(lead);
      return { status: 201, body: { success: true, data: lead } };
    }
    return { status: 404, body: { success: false, error: 'Not found', errorCode: 404 } };
  });
  return Object.assign(standIn, { persons, leads });
}
