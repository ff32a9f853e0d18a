/*
 * PIPEDRIVE (moved here; reworked below).
 */
import { randomUUID } from 'node:crypto';
import { serve } from './serve';

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
