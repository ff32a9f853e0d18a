/*
 * Pipedrive's records around a lead's person (./pipedrive-person.ts): its organization and the
 * lead — or the deal that replaces it — each found before it is written, so an attempt cut off
 * after a write is followed by one that finds what was written instead of duplicating it.
 *
 * - The organization named by the lead's `empresa`, on API v2: an exact name search, else created.
 * - The lead (v1, Pipedrive has no v2 leads): listed by person with archived_status=all, so one
 *   sales archived is found too; created when none has this lead's origin_id.
 * - The deal (v2), when PIPEDRIVE_DEAL_PIPELINE_ID/_STAGE_ID are set: listed by person (every
 *   status), created in that stage when none has this lead's origin_id.
 */
import { ConnectorError } from './http';
import type { PipedriveRequest } from './pipedrive-person';

type Body = Record<string, unknown>;

const idOf = (answer: { data?: unknown } | undefined, what: string): number => {
  const id = (answer?.data as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'number') throw new ConnectorError(`Pipedrive created ${what} without an id`, `no ${what} id`);
  return id;
};

/** The id of the organization named `organization.name`, created when there is none. */
export async function organizationId(
  request: PipedriveRequest,
  organization: Body & { name: string },
): Promise<number> {
  const search = new URLSearchParams({ term: organization.name, fields: 'name', exact_match: 'true', limit: '1' });
  const found = await request('GET', `/api/v2/organizations/search?${search}`);
  const items = (found?.data as { items?: { item?: { id?: unknown } }[] } | undefined)?.items ?? [];
  const existing = items.map((entry) => entry.item?.id).find((id) => typeof id === 'number');
  if (typeof existing === 'number') return existing;
  return idOf(await request('POST', '/api/v2/organizations', organization), 'an organization');
}

/** The lead (v1) with `lead.origin_id` linked to the person, created when there is none. */
export async function ensureLead(request: PipedriveRequest, lead: Body & { origin_id: string }, links: Body) {
  const query = new URLSearchParams({ person_id: String(links['person_id']), archived_status: 'all', limit: '500' });
  const leads = await request('GET', `/v1/leads?${query}`);
  const existing = Array.isArray(leads?.data) ? (leads.data as { origin_id?: unknown }[]) : [];
  if (existing.some((item) => item.origin_id === lead.origin_id)) return;
  // v1 leads name the organization `organization_id` (v2 persons and deals: `org_id`).
  const { org_id: orgId, ...rest } = links;
  await request('POST', '/v1/leads', { ...lead, ...rest, ...(orgId !== undefined ? { organization_id: orgId } : {}) });
}

/** The deal (v2) with `deal.origin_id` linked to the person, created in its stage when there is none. */
export async function ensureDeal(request: PipedriveRequest, deal: Body & { origin_id: string }, links: Body) {
  // Without `status`, v2 lists every deal not deleted: open, won and lost.
  const query = new URLSearchParams({ person_id: String(links['person_id']), limit: '500' });
  const deals = await request('GET', `/api/v2/deals?${query}`);
  const existing = Array.isArray(deals?.data) ? (deals.data as { origin_id?: unknown }[]) : [];
  if (!existing.some((item) => item.origin_id === deal.origin_id))
    await request('POST', '/api/v2/deals', { ...deal, ...links });
}
