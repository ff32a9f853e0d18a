/*
 * Pipedrive's person for a lead's e-mail, on API v2: found by an exact e-mail search, else
 * created. A search and a create are two calls, so two deliveries with one new e-mail in flight
 * together would each find nobody and each create a person. Two guards:
 *
 * - In this process the step runs one at a time per e-mail (lower-cased): the second delivery
 *   searches only once the first has created the person, and finds it.
 * - Across processes (Netlify runs each answer's deliveries on its own), the creator looks
 *   again after creating: when the e-mail now has more than one person, the oldest (lowest id)
 *   is kept and the one this attempt just made is deleted, so both deliveries end on one person.
 */
import { ConnectorError } from './http';

export type PipedriveRequest = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  payload?: unknown,
) => Promise<{ data?: unknown } | undefined>;

/** Ids of the persons an exact e-mail search finds, lowest first. */
export async function personIdsByEmail(request: PipedriveRequest, email: string, limit: number): Promise<number[]> {
  const search = new URLSearchParams({ term: email, fields: 'email', exact_match: 'true', limit: String(limit) });
  const found = await request('GET', `/api/v2/persons/search?${search}`);
  const items = (found?.data as { items?: { item?: { id?: unknown } }[] } | undefined)?.items ?? [];
  return items
    .map((entry) => entry.item?.id)
    .filter((id): id is number => typeof id === 'number')
    .sort((a, b) => a - b);
}

export class PersonSteps {
  readonly #turns = new Map<string, Promise<unknown>>();

  /** The id of the person with `email`, created from `person` when there is none. */
  findOrCreate(request: PipedriveRequest, email: string, person: object): Promise<number> {
    const key = email.toLowerCase();
    const previous = this.#turns.get(key) ?? Promise.resolve();
    const turn = previous.catch(() => undefined).then(() => findOrCreate(request, email, person));
    const settled = turn.catch(() => undefined);
    this.#turns.set(key, settled);
    void settled.then(() => {
      if (this.#turns.get(key) === settled) this.#turns.delete(key);
    });
    return turn;
  }
}

async function findOrCreate(request: PipedriveRequest, email: string, person: object): Promise<number> {
  const [existing] = await personIdsByEmail(request, email, 1);
  if (existing !== undefined) return existing;
  const created = await request('POST', '/api/v2/persons', person);
  const id = (created?.data as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'number') throw new ConnectorError('Pipedrive created a person without an id', 'no person id');
  const [oldest] = await personIdsByEmail(request, email, 10);
  if (oldest !== undefined && oldest < id) {
    await request('DELETE', `/api/v2/persons/${id}`);
    return oldest;
  }
  return id;
}
