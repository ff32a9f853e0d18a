/**
 * 'email' and 'webhook', then the connectors (src/server/connectors): each a CRM or marketing
 * API the lead is sent to, delivered over HTTP like a webhook (same lane, same breaker).
 * Pure and import-free, so the database schema, the server and the admin pages share it.
 */
export const DELIVERY_KINDS = ['email', 'webhook', 'rdstation', 'hubspot', 'pipedrive'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export type ConnectorKind = Exclude<DeliveryKind, 'email' | 'webhook'>;
