/**
 * The lead form (SPEC §5): one zod schema for the browser form and the server action.
 * Messages are the spec's, from content/messages/lead.yaml. Hidden fields (page, UTM,
 * partner, submission key) are optional text: a visitor never sees an error for them.
 */
import { z } from './zod';
import { validationMessages as m } from '~/copy/messages/lead';
import { leadPhoneOf } from '../phone';
import { emailAddress, hiddenText as hidden, personName } from './contact-fields';
import { plainText, singleLine } from './text';

export const LEAD_TIPOS = ['proprietario', 'corretor', 'administrador', 'imobiliaria'] as const;
export type LeadTipo = (typeof LEAD_TIPOS)[number];

/** The types that work for a company, so `empresa` is shown and required (SPEC §5). */
export const TIPOS_WITH_EMPRESA: readonly LeadTipo[] = ['imobiliaria', 'corretor', 'administrador'];

/**
 * Whether `empresa` is shown and required for a type.
 * @example requiresEmpresa('corretor')     // true
 * @example requiresEmpresa('proprietario') // false
 */
export function requiresEmpresa(tipo: string | undefined): boolean {
  return TIPOS_WITH_EMPRESA.includes(tipo as LeadTipo);
}

/** Name of the honeypot field: hidden from people, filled by bots. */
export const HONEYPOT_FIELD = 'website';

export const leadSchema = z
  .object({
    nome: personName(m),
    email: emailAddress(m),
    // "(11) 98765-4321", or the same mobile behind a "+55"/trunk prefix, kept as "(11) 98765-4321".
    celular: singleLine(z.string({ error: m.celular }))
      .trim()
      .refine((value) => leadPhoneOf(value) !== null, { error: m.celular })
      .transform((value) => leadPhoneOf(value) ?? value),
    tipo: z.enum(LEAD_TIPOS, { error: m.tipo }),
    empresa: singleLine(z.string()).trim().max(160, { error: m.tooLong }).optional(),
    mensagem: plainText(z.string()).trim().max(2000, { error: m.tooLong }).optional(),
    pagina_origem: hidden(500),
    utm_source: hidden(200),
    utm_medium: hidden(200),
    utm_campaign: hidden(200),
    partner_slug: hidden(60),
    cta_source: hidden(60),
    /** Generated with the form; the same key twice never makes a second lead. */
    submission_key: hidden(64),
    /** Version of the LGPD notice the visitor saw. */
    consent_version: hidden(40),
    /** Version of the optional marketing box shown (sent whether or not it is ticked). */
    marketing_version: hidden(40),
    /** The optional marketing box, unticked by default: consent to marketing e-mail only when true. */
    marketing_opt_in: z.boolean().optional(),
    // Never stored nor shown: a bot filling it gets the usual success, whatever it typed.
    [HONEYPOT_FIELD]: z.string().optional(),
  })
  .refine((lead) => !requiresEmpresa(lead.tipo) || (lead.empresa ?? '').length > 0, {
    error: m.empresa,
    path: ['empresa'],
    // Also when other fields are wrong, so every message shows at once.
    when: (payload) => {
      const value = payload.value as { tipo?: unknown };
      return typeof value === 'object' && value !== null && requiresEmpresa(value.tipo as string);
    },
  });

/** What the form holds (before parsing). */
export type LeadFormValues = z.input<typeof leadSchema>;
/** A validated lead as the server receives it. */
export type LeadInput = z.output<typeof leadSchema>;
