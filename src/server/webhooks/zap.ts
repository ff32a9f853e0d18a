/*
 * The ZAP-format webhook's settings: Grupo ZAP's lead-integration contract
 * (https://developers.grupozap.com/leads/integration/) is what real-estate CRMs already take
 * from the portals, so Pilota's leads reach them in that shape (LEAD_WEBHOOK_ZAP_URLS).
 *
 * - LEAD_WEBHOOK_ZAP_CLIENT_LISTING_ID: the advertiser's listing code the CRM knows the
 *   account by (`clientListingId`). The contract tells a CRM to refuse a lead without it, so
 *   it is required when the target is on.
 * - LEAD_WEBHOOK_ZAP_LEAD_ORIGIN: `leadOrigin`, one of the contract's portals (default Zap).
 * - LEAD_WEBHOOK_ZAP_BASIC_AUTH: "user:password" the CRM gave; each call carries it as
 *   `Authorization: Basic …`. A secret: never in a delivery row or a log line.
 */
export const ZAP_LEAD_ORIGINS = ['Zap', 'VivaReal'] as const;
export type ZapLeadOrigin = (typeof ZAP_LEAD_ORIGINS)[number];

export interface ZapWebhookConfig {
  clientListingId: string;
  leadOrigin: ZapLeadOrigin;
  /** "user:password", sent as Basic credentials. */
  basicAuth: string | undefined;
}

type Env = Record<string, string | undefined>;

/** The ZAP target's settings when LEAD_WEBHOOK_ZAP_URLS has URLs; one line per problem onto `problems`. */
export function parseZapWebhook(env: Env, urls: readonly string[], problems: string[]): ZapWebhookConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  if (urls.length === 0) return undefined;
  const clientListingId = value('LEAD_WEBHOOK_ZAP_CLIENT_LISTING_ID');
  if (!clientListingId) {
    problems.push(
      'LEAD_WEBHOOK_ZAP_CLIENT_LISTING_ID: required when LEAD_WEBHOOK_ZAP_URLS is set (the contract has CRMs refuse a lead without clientListingId)',
    );
  }
  const origin = value('LEAD_WEBHOOK_ZAP_LEAD_ORIGIN') ?? 'Zap';
  if (!(ZAP_LEAD_ORIGINS as readonly string[]).includes(origin)) {
    problems.push(`LEAD_WEBHOOK_ZAP_LEAD_ORIGIN: expected one of ${ZAP_LEAD_ORIGINS.join(', ')}, got "${origin}"`);
  }
  const basicAuth = value('LEAD_WEBHOOK_ZAP_BASIC_AUTH');
  if (basicAuth !== undefined && !basicAuth.includes(':')) {
    problems.push('LEAD_WEBHOOK_ZAP_BASIC_AUTH: expected user:password');
  }
  return { clientListingId: clientListingId ?? '', leadOrigin: origin as ZapLeadOrigin, basicAuth };
}

/** The Authorization header of calls to the ZAP targets, when credentials are set. */
export function zapAuthorization(
  urls: readonly string[],
  zap: ZapWebhookConfig | undefined,
): { urls: readonly string[]; header: string } | undefined {
  if (!zap?.basicAuth || urls.length === 0) return undefined;
  return { urls, header: `Basic ${Buffer.from(zap.basicAuth, 'utf8').toString('base64')}` };
}
