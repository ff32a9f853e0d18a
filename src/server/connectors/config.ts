/*
 * The connectors' part of the environment contract (src/server/config.ts): each connector is
 * on when its key variable is set and off otherwise, with every other variable optional. A
 * connector's variable set without the one it needs is a mistake that would silently send
 * nothing, so it is a configuration error naming the missing variable, like any other.
 * Secrets (RDSTATION_API_KEY, PIPEDRIVE_API_TOKEN, HUBSPOT_PRIVATE_APP_TOKEN) live only here and in the transports:
 * never in a delivery row, an error or a log line.
 */
import { LEAD_TIPOS, type LeadTipo } from '../db/schema/leads';
import { targetUrlProblem } from '../webhooks/target-url';

export const DEFAULT_RDSTATION_BASE_URL = 'https://api.rd.services';
export const DEFAULT_HUBSPOT_BASE_URL = 'https://api.hsforms.com';
/** HubSpot's CRM API (the GDPR delete), apart from the forms host. */
export const DEFAULT_HUBSPOT_API_BASE_URL = 'https://api.hubapi.com';
export const DEFAULT_PIPEDRIVE_BASE_URL = 'https://api.pipedrive.com';
export const DEFAULT_CONVERSION_IDENTIFIER = 'site-pilota-{pagina}';

/** Lead values a connector can map to a field of its own. */
export const LEAD_FIELDS = [
  'nome',
  /** The name's first word, and the rest (HubSpot's firstname / lastname). */
  'primeiro_nome',
  'sobrenome',
  'email',
  'celular',
  'empresa',
  'tipo',
  'mensagem',
  'pagina',
  'parceiro',
  'utm_source',
  'utm_medium',
  'utm_campaign',
] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];
export type FieldMap = Partial<Record<LeadField, string>>;

export const DEFAULT_RDSTATION_FIELDS: FieldMap = { tipo: 'cf_tipo', pagina: 'cf_pagina', parceiro: 'cf_parceiro' };
export const DEFAULT_HUBSPOT_FIELDS: FieldMap = {
  primeiro_nome: 'firstname',
  sobrenome: 'lastname',
  email: 'email',
  celular: 'mobilephone',
  empresa: 'company',
};

export interface RdStationConfig {
  apiKey: string;
  baseUrl: string;
  /** With {pagina}, {tipo} and {parceiro} replaced per lead. */
  conversionIdentifier: string;
  /** Lead values sent as RD Station custom fields (names start with cf_). */
  customFields: FieldMap;
}

export interface HubSpotConfig {
  portalId: string;
  formGuid: string;
  baseUrl: string;
  /** Lead value → the form field's internal name. */
  fields: FieldMap;
  /** The subscription type the lead form's marketing box stands for (its communications checkbox). */
  subscriptionTypeId: number | undefined;
  /** A private app's token with the contacts scope: erasing a person in Pilota deletes the HubSpot contact too. */
  privateAppToken?: string | undefined;
  apiBaseUrl: string;
}

export interface PipedriveConfig {
  apiToken: string;
  baseUrl: string;
  /** Lead label ids (UUIDs) per lead type. */
  labels: Partial<Record<LeadTipo, string>>;
  /** The id of one of the account's marketing channels (the lead's `channel` option). */
  channel: number | undefined;
  /** Pilota account e-mail (lower case) → Pipedrive user id: the owner of what a lead's assignee gets. */
  owners: Record<string, number>;
  /** A deal in this pipeline's stage instead of a lead (PIPEDRIVE_DEAL_PIPELINE_ID / _STAGE_ID). */
  deal: { pipelineId: number; stageId: number } | undefined;
}

export interface ConnectorsConfig {
  rdstation?: RdStationConfig | undefined;
  hubspot?: HubSpotConfig | undefined;
  pipedrive?: PipedriveConfig | undefined;
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string) => {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
};

/** Parses the connectors' variables, pushing one line per problem (naming the variable) onto `problems`. */
export function parseConnectors(env: Env, problems: string[]): ConnectorsConfig {
  const url = (name: string, fallback: string) => {
    const given = value(env, name);
    if (given === undefined) return fallback;
    const problem = targetUrlProblem(given, 'the URL');
    if (problem) {
      problems.push(`${name}: ${problem}`);
      return fallback;
    }
    return given.replace(/\/+$/, '');
  };
  const map = (name: string, fallback: FieldMap, check?: (field: string) => string | undefined): FieldMap => {
    const given = value(env, name);
    if (given === undefined) return fallback;
    const result: FieldMap = {};
    for (const pair of given
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [key, field] = pair.split('=').map((part) => part.trim());
      if (!key || !field || !(LEAD_FIELDS as readonly string[]).includes(key)) {
        problems.push(`${name}: "${pair}" is not LEAD_VALUE=FIELD with LEAD_VALUE one of ${LEAD_FIELDS.join(', ')}`);
        continue;
      }
      const wrong = check?.(field);
      if (wrong) problems.push(`${name}: ${wrong}`);
      result[key as LeadField] = field;
    }
    return result;
  };
  const integer = (name: string) => {
    const given = value(env, name);
    if (given === undefined) return undefined;
    if (!/^\d+$/.test(given)) problems.push(`${name}: expected a whole number, got "${given}"`);
    return Number(given);
  };
  /** The connector's variables that are set, for "X is required when Y is set". */
  const setOf = (prefix: string) => Object.keys(env).filter((name) => name.startsWith(prefix) && value(env, name));
  const require = (names: string[], prefix: string, label: string) => {
    const set = setOf(prefix);
    if (set.length === 0) return false;
    const missing = names.filter((name) => value(env, name) === undefined);
    for (const name of missing)
      problems.push(`${name}: required for the ${label} connector (${set.join(', ')} is set)`);
    return missing.length === 0;
  };

  const connectors: ConnectorsConfig = {};
  if (require(['RDSTATION_API_KEY'], 'RDSTATION_', 'RD Station')) {
    connectors.rdstation = {
      apiKey: value(env, 'RDSTATION_API_KEY')!,
      baseUrl: url('RDSTATION_BASE_URL', DEFAULT_RDSTATION_BASE_URL),
      conversionIdentifier: value(env, 'RDSTATION_CONVERSION_IDENTIFIER') ?? DEFAULT_CONVERSION_IDENTIFIER,
      customFields: map('RDSTATION_CUSTOM_FIELDS', DEFAULT_RDSTATION_FIELDS, (field) =>
        field.startsWith('cf_') ? undefined : `"${field}" is not an RD Station custom field (those start with cf_)`,
      ),
    };
  }
  if (require(['HUBSPOT_PORTAL_ID', 'HUBSPOT_FORM_GUID'], 'HUBSPOT_', 'HubSpot')) {
    const portalId = value(env, 'HUBSPOT_PORTAL_ID')!;
    const formGuid = value(env, 'HUBSPOT_FORM_GUID')!;
    if (!/^\d+$/.test(portalId)) problems.push(`HUBSPOT_PORTAL_ID: expected the account's number, got "${portalId}"`);
    if (!/^[0-9a-f-]{36}$/i.test(formGuid))
      problems.push(`HUBSPOT_FORM_GUID: expected the form's GUID, got "${formGuid}"`);
    connectors.hubspot = {
      portalId,
      formGuid,
      baseUrl: url('HUBSPOT_BASE_URL', DEFAULT_HUBSPOT_BASE_URL),
      fields: map('HUBSPOT_FIELDS', DEFAULT_HUBSPOT_FIELDS),
      subscriptionTypeId: integer('HUBSPOT_SUBSCRIPTION_TYPE_ID'),
      privateAppToken: value(env, 'HUBSPOT_PRIVATE_APP_TOKEN'),
      apiBaseUrl: url('HUBSPOT_API_BASE_URL', DEFAULT_HUBSPOT_API_BASE_URL),
    };
  }
  if (require(['PIPEDRIVE_API_TOKEN'], 'PIPEDRIVE_', 'Pipedrive')) {
    const labels: Partial<Record<LeadTipo, string>> = {};
    for (const pair of (value(env, 'PIPEDRIVE_LABELS') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [tipo, id] = pair.split('=').map((part) => part.trim());
      if (!tipo || !id || !(LEAD_TIPOS as readonly string[]).includes(tipo)) {
        problems.push(`PIPEDRIVE_LABELS: "${pair}" is not TIPO=LABEL_ID with TIPO one of ${LEAD_TIPOS.join(', ')}`);
        continue;
      }
      labels[tipo as LeadTipo] = id;
    }
    const pipelineId = integer('PIPEDRIVE_DEAL_PIPELINE_ID');
    const stageId = integer('PIPEDRIVE_DEAL_STAGE_ID');
    if ((pipelineId === undefined) !== (stageId === undefined)) {
      problems.push(
        `${pipelineId === undefined ? 'PIPEDRIVE_DEAL_PIPELINE_ID' : 'PIPEDRIVE_DEAL_STAGE_ID'}: required with ` +
          `${pipelineId === undefined ? 'PIPEDRIVE_DEAL_STAGE_ID' : 'PIPEDRIVE_DEAL_PIPELINE_ID'} (a deal goes to one stage of one pipeline)`,
      );
    }
    connectors.pipedrive = {
      apiToken: value(env, 'PIPEDRIVE_API_TOKEN')!,
      baseUrl: url('PIPEDRIVE_BASE_URL', DEFAULT_PIPEDRIVE_BASE_URL),
      labels,
      channel: integer('PIPEDRIVE_CHANNEL'),
      owners: pipedriveOwners(value(env, 'PIPEDRIVE_OWNERS'), problems),
      deal: pipelineId !== undefined && stageId !== undefined ? { pipelineId, stageId } : undefined,
    };
  }
  return connectors;
}

/** PIPEDRIVE_OWNERS: "e-mail=user id" pairs, comma-separated (the e-mail of a Pilota account, a Pipedrive user's id). */
function pipedriveOwners(given: string | undefined, problems: string[]): Record<string, number> {
  const owners: Record<string, number> = {};
  for (const pair of (given ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [email, id] = pair.split('=').map((part) => part.trim());
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || !id || !/^\d+$/.test(id)) {
      problems.push(
        `PIPEDRIVE_OWNERS: "${pair}" is not E-MAIL=USER_ID (a Pilota account's e-mail, a Pipedrive user's number)`,
      );
      continue;
    }
    owners[email.toLowerCase()] = Number(id);
  }
  return owners;
}
