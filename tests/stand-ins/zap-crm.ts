/*
 * A real-estate CRM taking leads in Grupo ZAP's lead-integration contract
 * (https://developers.grupozap.com/leads/integration/), on 127.0.0.1 (./serve.ts): POST of the
 * lead's JSON, `Authorization: Basic` with the credentials the CRM gave (401 otherwise), and
 * 400 without `clientListingId` — the contract has the CRM identify the advertiser by it and
 * refuse a lead it cannot place — or without name, e-mail or phone. 2xx is "received". The
 * contract documents no rate limit of its own, so a scripted 429 is plain HTTP's: Retry-After
 * in seconds (RFC 9110 §10.2.3).
 */
import { serve } from './serve';

export async function startZapCrm(options: { user: string; password: string }) {
  const leads: Record<string, unknown>[] = [];
  const expected = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`;
  const standIn = await serve((request) => {
    if (request.method !== 'POST') return { status: 405, body: { error: 'method not allowed' } };
    if (request.headers['authorization'] !== expected) return { status: 401, body: { error: 'unauthorized' } };
    const lead = (request.json ?? {}) as Record<string, unknown>;
    if (typeof lead['clientListingId'] !== 'string' || !lead['clientListingId']) {
      return { status: 400, body: { error: 'clientListingId is required' } };
    }
    if (!lead['name'] || !lead['email'] || !lead['ddd'] || !lead['phone']) {
      return { status: 400, body: { error: 'name, email, ddd and phone are required' } };
    }
    leads.push(lead);
    return { status: 200, body: { received: true } };
  });
  return Object.assign(standIn, { leads });
}
