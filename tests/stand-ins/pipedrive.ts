/*
 * A stand-in for Pipedrive (./serve.ts), implementing its current documented contract with the
 * x-api-token header (401 without it):
 *
 * - Persons on API v2 (https://developers.pipedrive.com/docs/api/v1/Persons, the v2 section):
 *   GET /api/v2/persons/search (term, fields=email, exact_match), POST /api/v2/persons (400
 *   without a name; `emails[]` and `phones[]` of {value, primary, label}), DELETE
 *   /api/v2/persons/{id} (404 when unknown).
 * - The v1 persons endpoints they replace, GET /v1/persons/search and POST /v1/persons, were
 *   deprecated on 2026-01-01 and are out of support since 2026-08-01
 *   (https://developers.pipedrive.com/changelog): answered 410 here, so a connector still on them fails.
 * - Leads on v1 (https://developers.pipedrive.com/docs/api/v1/Leads): GET /v1/leads filtered by
 *   person_id, and by `archived_status` (archived, not_archived or all) — without it only leads
 *   not archived are listed; POST /v1/leads (400 for a missing title, an unknown person or
 *   label, and for `org_id`: v1 leads take `organization_id`); DELETE /v1/leads/{id} (404 when unknown).
 *
 * - Organizations on API v2 (https://developers.pipedrive.com/docs/api/v1/Organizations, the v2
 *   section): GET /api/v2/organizations/search (term, fields=name, exact_match), POST
 *   /api/v2/organizations (400 without a name). Persons take `org_id` of one that exists.
 * - Deals on API v2 (https://developers.pipedrive.com/docs/api/v1/Deals, the v2 section): GET
 *   /api/v2/deals filtered by person_id (every deal not deleted), POST /api/v2/deals (400 without a
 *   title, for an unknown person, organization or stage, or a stage outside the given pipeline).
 * - The v1 organizations and deals endpoints those replace (GET /v1/organizations/search, POST
 *   /v1/organizations, GET and POST /v1/deals) went with the persons' (same changelog): 410 here.
 * - `owner_id` anywhere must be one of the account's users (400 otherwise).
 * - Rate limits (https://pipedrive.readme.io/docs/core-api-concepts-rate-limiting): past the
 *   token's 2-second window or its daily token budget, 429 with {success: false, error: "Request
 *   over limit"} and the x-ratelimit-limit / -remaining / -reset headers — the wait is
 *   x-ratelimit-reset, in seconds; Pipedrive documents no Retry-After.
 *
 * It keeps what it stores, so a test counts persons and leads; `archive` does what a salesperson
 * archiving a lead in Pipedrive does.
 */
import { randomUUID } from 'node:crypto';
import { serve, type RateLimitedAnswer } from './serve';

interface Person {
  id: number;
  name: string;
  emails: string[];
  body: Record<string, unknown>;
}

const rateLimited: RateLimitedAnswer = (reset) => ({
  body: { success: false, error: 'Request over limit', errorCode: 429 },
  headers: { 'x-ratelimit-limit': '20', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset ?? '2' },
});

const fail = (status: number, error: string) => ({ status, body: { success: false, error, errorCode: status } });

/** Pipedrive's persons (v2) and leads (v1); `labels` are the account's lead label ids. */
export async function startPipedrive(options: {
  apiToken: string;
  labels: string[];
  /** The account's user ids (owners); the token's own user is 1. */
  users?: number[];
  /** Stage ids per pipeline id. */
  pipelines?: Record<number, number[]>;
}) {
  const persons: Person[] = [];
  const leads: Record<string, unknown>[] = [];
  const organizations: { id: number; name: string; body: Record<string, unknown> }[] = [];
  const deals: Record<string, unknown>[] = [];
  const users = options.users ?? [1];
  let nextPersonId = 1;
  let nextOrganizationId = 1;
  let nextDealId = 1;
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
    const { method, path } = request;
    if (/^\/v1\/(persons|organizations|deals)(\/search)?$/.test(path)) {
      return fail(410, 'This endpoint is no longer supported; use /api/v2');
    }
    if ('owner_id' in json && !users.includes(json['owner_id'] as number)) {
      return fail(400, `Validation failed: owner_id: user ${String(json['owner_id'])} does not exist`);
    }
    if ('org_id' in json && !organizations.some((org) => org.id === json['org_id'])) {
      return fail(400, 'Validation failed: org_id: Entity does not exist');
    }
    if (method === 'GET' && path === '/api/v2/organizations/search') {
      const term = (request.query.get('term') ?? '').toLowerCase();
      const items = organizations
        .filter((org) => org.name.toLowerCase() === term)
        .map((org) => ({ result_score: 1, item: { id: org.id, type: 'organization', name: org.name } }));
      return { status: 200, body: { success: true, data: { items }, additional_data: { next_cursor: null } } };
    }
    if (method === 'POST' && path === '/api/v2/organizations') {
      if (typeof json['name'] !== 'string' || !json['name']) return fail(400, 'Name must be given.');
      const org = { id: nextOrganizationId++, name: json['name'], body: json };
      organizations.push(org);
      return { status: 200, body: { success: true, data: { id: org.id, name: org.name } } };
    }
    if (method === 'GET' && path === '/api/v2/deals') {
      const personId = Number(request.query.get('person_id'));
      const listed = deals.filter((deal) => deal['person_id'] === personId);
      return { status: 200, body: { success: true, data: listed, additional_data: { next_cursor: null } } };
    }
    if (method === 'POST' && path === '/api/v2/deals') {
      if (typeof json['title'] !== 'string' || !json['title']) return fail(400, 'Validation failed: title: Required');
      if (!persons.some((person) => person.id === json['person_id'])) {
        return fail(400, 'Validation failed: person_id: Entity does not exist');
      }
      const stages = options.pipelines?.[json['pipeline_id'] as number] ?? [];
      if (!stages.includes(json['stage_id'] as number)) {
        return fail(400, 'Validation failed: stage_id: stage does not belong to the pipeline');
      }
      const deal = { id: nextDealId++, ...json, status: 'open' };
      deals.push(deal);
      return { status: 200, body: { success: true, data: deal } };
    }
    if (method === 'GET' && path === '/api/v2/persons/search') {
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
      return { status: 200, body: { success: true, data: { items }, additional_data: { next_cursor: null } } };
    }
    if (method === 'POST' && path === '/api/v2/persons') {
      if (typeof json['name'] !== 'string' || !json['name']) return fail(400, 'Name must be given.');
      if ('email' in json || 'phone' in json) return fail(400, 'Unknown parameters: email, phone (use emails, phones)');
      const emails = ((json['emails'] as { value: string }[] | undefined) ?? []).map((email) => email.value);
      const person = { id: nextPersonId++, name: json['name'], emails, body: json };
      persons.push(person);
      return {
        status: 200,
        body: { success: true, data: { id: person.id, name: person.name, emails: json['emails'] } },
      };
    }
    const personPath = /^\/api\/v2\/persons\/(\d+)$/.exec(path);
    if (method === 'DELETE' && personPath) {
      const index = persons.findIndex((person) => person.id === Number(personPath[1]));
      if (index < 0) return fail(404, 'Person not found');
      persons.splice(index, 1);
      return { status: 200, body: { success: true, data: { id: Number(personPath[1]) } } };
    }
    if (method === 'GET' && path === '/v1/leads') {
      const personId = Number(request.query.get('person_id'));
      const archived = request.query.get('archived_status') ?? 'not_archived';
      const listed = leads.filter(
        (lead) =>
          lead['person_id'] === personId &&
          (archived === 'all' || (archived === 'archived') === (lead['is_archived'] === true)),
      );
      return { status: 200, body: { success: true, data: listed } };
    }
    if (method === 'POST' && path === '/v1/leads') {
      if (typeof json['title'] !== 'string' || !json['title']) return fail(400, 'Validation failed: title: Required');
      if ('org_id' in json) return fail(400, 'Unknown parameter: org_id (leads take organization_id)');
      if ('organization_id' in json && !organizations.some((org) => org.id === json['organization_id'])) {
        return fail(400, 'Validation failed: organization_id: Entity does not exist');
      }
      if (!persons.some((person) => person.id === json['person_id'])) {
        return fail(400, 'Validation failed: person_id: Entity does not exist');
      }
      const unknownLabel = ((json['label_ids'] as string[] | undefined) ?? []).find(
        (id) => !options.labels.includes(id),
      );
      if (unknownLabel) return fail(400, `Validation failed: label_ids: label ${unknownLabel} does not exist`);
      const lead = { id: randomUUID(), ...json, origin: 'API', is_archived: false };
      leads.push(lead);
      return { status: 201, body: { success: true, data: lead } };
    }
    const leadPath = /^\/v1\/leads\/([0-9a-f-]{36})$/.exec(path);
    if (method === 'DELETE' && leadPath) {
      const index = leads.findIndex((lead) => lead['id'] === leadPath[1]);
      if (index < 0) return fail(404, 'Lead not found');
      leads.splice(index, 1);
      return { status: 200, body: { success: true, data: { id: leadPath[1] } } };
    }
    return fail(404, 'Not found');
  }, rateLimited);
  /** What archiving the lead in Pipedrive's interface does. */
  const archive = (leadId: unknown) => {
    const lead = leads.find((item) => item['id'] === leadId);
    if (!lead) throw new Error('no such lead in the stand-in');
    lead['is_archived'] = true;
  };
  return Object.assign(standIn, { persons, leads, organizations, deals, archive });
}
