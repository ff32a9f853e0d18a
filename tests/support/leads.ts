/*
 * Leads for tests, in the two shapes the code takes them: a row as the inbox stores it
 * (`aLeadRow`, written straight into `contatos` to set up a list or a report) and a request
 * as the public form posts it to the lead service (`aLeadInput`). Both carry pt-BR names with
 * accents and a fresh submission key, so rows never collide on it; a test overrides only what
 * it is about.
 */
import { randomUUID } from 'node:crypto';
import type { LeadInput } from '~/lib/validation/lead';
import type { contatos } from '~/server/db/schema';

export type LeadRow = typeof contatos.$inferInsert;

/** A stored lead; `consentAt` follows `createdAt` when only that is given. */
export function aLeadRow(overrides: Partial<LeadRow> = {}): LeadRow {
  return {
    nome: 'João Ávila Gonçalves',
    email: 'joao.avila@exemplo.com.br',
    celular: '(11) 98765-4321',
    tipo: 'proprietario',
    consentVersion: '1',
    consentAt: overrides.createdAt ?? new Date(),
    submissionKey: randomUUID(),
    ...overrides,
  };
}

/**
 * A lead the inbox's filters all catch at once (type, company with accents, every UTM, the
 * CTA and page it came from, a status past "novo"): the list and its pages find it by each.
 */
export const TRACKED_LEAD = {
  nome: 'João Ávila',
  email: 'joao.avila@exemplo.com.br',
  celular: '(21) 98765-4321',
  tipo: 'corretor',
  empresa: 'Imobiliária Conceição',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: 'black-friday',
  ctaSource: 'hero-teste-gratis',
  paginaOrigem: '/',
  status: 'em_contato',
} as const satisfies Partial<LeadRow>;

/** A lead as the form posts it to the service. */
export function aLeadInput(patch: Partial<LeadInput> = {}): LeadInput {
  return {
    nome: 'Ana Souza',
    email: 'ana@example.com',
    celular: '(11) 98765-4321',
    tipo: 'proprietario',
    pagina_origem: 'http://localhost/planos',
    submission_key: randomUUID(),
    ...patch,
  };
}

/** The first name in lower case, for e-mail addresses made from a name ('João Ávila' → 'joão'). */
export const firstNameOf = (nome: string): string => nome.split(' ')[0]!.toLowerCase();
