/*
 * No submitted text may hold a control character (other than tab,
 * line feed, carriage return) or broken Unicode — the shared rule of
 * src/lib/validation/text.ts, applied by every public schema to every text field, so the
 * browser and the server refuse "a\u0000b" with the same pt-BR message.
 */
import { describe, expect, it } from 'vitest';
import { inputMessages } from '~/messages/input';
import {
  emptyImplementationForm,
  fieldErrors as implementationErrors,
  implementationSchema,
} from '~/lib/validation/implementation';
import { leadSchema } from '~/lib/validation/lead';
import { fieldErrors as postErrors, postInputSchema } from '~/lib/validation/post';
import { leadNoteSchema, statusChangeSchema } from '~/lib/validation/lead-pipeline';
import { dsrSchema } from '~/lib/validation/dsr';
import { parseLeadFilters } from '~/lib/validation/lead-filters';
import { hasForbiddenCharacters, plainText, singleLine } from '~/lib/validation/text';
import { z } from '~/lib/validation/zod';

/** Every C0 control but \t \n \r, DEL and every C1 control. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, index) => 0x80 + index),
].map((code) => String.fromCharCode(code));

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83d', '\ude00b'];

describe('hasForbiddenCharacters', () => {
  it.each(CONTROLS.map((char) => [`U+${char.charCodeAt(0).toString(16).padStart(4, '0')}`, char]))(
    'refuses %s anywhere in a text',
    (_name, char) => {
      expect(hasForbiddenCharacters(char)).toBe(true);
      expect(hasForbiddenCharacters(`Ana${char}Souza`)).toBe(true);
      expect(hasForbiddenCharacters(`${char}Ana`)).toBe(true);
    },
  );

  it.each(LONE_SURROGATES)('refuses a lone surrogate (%j)', (text) => {
    expect(hasForbiddenCharacters(text)).toBe(true);
  });

  // Embeddings, overrides and isolates: a note or a name the team would read backwards.
  it.each(['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'])(
    'refuses the bidirectional control %j',
    (char) => {
      expect(hasForbiddenCharacters(`fatura${char}fdp.exe`)).toBe(true);
    },
  );

  it('accepts ordinary whitespace, accents, emoji (a surrogate pair) and other scripts', () => {
    for (const text of [
      'linha 1\nlinha 2\r\n\tfim',
      'João Conceição',
      'Olá 😀👍🏽',
      '日本語',
      'a\u00a0b',
      '€ ¢ ©',
      // The marks right-to-left text needs are not overrides.
      'שלום\u200f עולם\u200e',
    ]) {
      expect(hasForbiddenCharacters(text)).toBe(false);
    }
  });

  it('a schema built with plainText gives its message first, even where the format is also wrong', () => {
    const schema = plainText(z.string()).trim().email({ error: 'E-mail inválido' });
    const result = schema.safeParse('ana\u0000@example.com');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([inputMessages.invalidCharacters]);
  });
});

const validLead = {
  nome: 'Ana Souza',
  email: 'ana@example.com',
  celular: '(11) 98765-4321',
  tipo: 'imobiliaria',
  empresa: 'Imobiliária Sol',
  mensagem: 'Tenho 12 imóveis.\nLigue à tarde.',
  pagina_origem: 'http://localhost/planos',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'lancamento',
  partner_slug: 'parceiro',
  cta_source: 'hero',
  submission_key: '6f1c1c0e-1b7a-4e8e-9a55-0f3f5d2b8a11',
  consent_version: '2026-11-lead-v1',
};

/** The lead's text fields (the honeypot is never stored or shown, `tipo` is an enum). */
const LEAD_TEXT_FIELDS = Object.keys(validLead).filter((field) => field !== 'tipo');

describe('lead schema', () => {
  it('accepts the valid lead the cases below start from', () => {
    expect(leadSchema.safeParse(validLead).success).toBe(true);
  });

  it.each(LEAD_TEXT_FIELDS)('refuses a NUL byte in %s with the pt-BR message', (field) => {
    const value = validLead[field as keyof typeof validLead];
    const result = leadSchema.safeParse({ ...validLead, [field]: `${value.slice(0, 3)}\u0000${value.slice(3)}` });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
    expect(messages).toEqual([inputMessages.invalidCharacters]);
  });

  it.each(['\u0001', '\u001b', '\u007f', '\u0085', '\u000b', '\ud800'])('refuses %j in the message', (char) => {
    const result = leadSchema.safeParse({ ...validLead, mensagem: `Olá${char}` });
    expect(result.success).toBe(false);
  });
});

const cpfForm = {
  ...emptyImplementationForm,
  tipoDocumento: 'cpf',
  cpf: '529.982.247-25',
  nomeCompleto: 'Maria da Silva',
  celular: '(11) 98765-4321',
  email: 'maria@example.com',
  emailAcesso: 'acesso@example.com',
  senha: 'segredo1',
};
const cnpjForm = {
  ...emptyImplementationForm,
  tipoDocumento: 'cnpj',
  cnpj: '12.ABC.345/01DE-35',
  razaoSocial: 'Imobiliária Exemplo Ltda.',
  responsavelCpf: '111.444.777-35',
  responsavelNome: 'João Souza',
  responsavelCelular: '(21) 3000-0000',
  responsavelEmail: 'joao@example.com',
  emailAcesso: 'acesso@example.com',
  senha: 'segredo1',
};

describe('implementation schema', () => {
  const cases = [
    ...['cpf', 'nomeCompleto', 'celular', 'email', 'emailAcesso', 'senha'].map((field) => ['cpf', field] as const),
    ...[
      'cnpj',
      'razaoSocial',
      'responsavelCpf',
      'responsavelNome',
      'responsavelCelular',
      'responsavelEmail',
      'emailAcesso',
      'senha',
    ].map((field) => ['cnpj', field] as const),
  ];

  it.each(cases)('a %s request refuses a NUL byte in %s with the pt-BR message', (tipo, field) => {
    const form: Record<string, string> = tipo === 'cpf' ? { ...cpfForm } : { ...cnpjForm };
    expect(implementationSchema.safeParse(form).success).toBe(true);
    form[field] = `${form[field]!.slice(0, 2)}\u0000${form[field]!.slice(2)}`;
    const result = implementationSchema.safeParse(form);
    expect(result.success).toBe(false);
    expect(implementationErrors(result.error!)[field]).toBe(inputMessages.invalidCharacters);
  });
});

/** Line breaks and tabs: what one-line values (names, companies, titles) refuse. */
const LINE_BREAKS = ['\n', '\r', '\r\n', '\t', '\u2028', '\u2029'];

describe('singleLine', () => {
  it.each(LINE_BREAKS)('refuses %j with the pt-BR one-line message', (brk) => {
    const result = singleLine(z.string()).trim().safeParse(`Ana${brk}Bcc: alguem@example.com`);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([inputMessages.oneLine]);
  });

  it('gives the control-character message first, and accepts one line', () => {
    expect(singleLine(z.string()).safeParse('Ana\u001b[2J\nx').error?.issues[0]?.message).toBe(
      inputMessages.invalidCharacters,
    );
    expect(singleLine(z.string()).safeParse('Ana Souza — Imóveis & Cia.').success).toBe(true);
  });

  /*
   * Every name-like or one-line field of every public form, and the text filters of the
   * inbox: a line break there becomes a forged line in a plain-text e-mail ("Bcc: …"), a
   * delivery or a log.
   */
  const ONE_LINE_LEAD_FIELDS = LEAD_TEXT_FIELDS.filter((field) => field !== 'mensagem');
  it.each(ONE_LINE_LEAD_FIELDS)("the lead's %s is one line", (field) => {
    const value = validLead[field as keyof typeof validLead];
    const result = leadSchema.safeParse({ ...validLead, [field]: `${value}\nBcc: alguem@example.com` });
    const messages = result.error?.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
    expect(messages).toEqual([inputMessages.oneLine]);
  });

  it("the lead's message may still have several lines", () => {
    expect(leadSchema.safeParse({ ...validLead, mensagem: 'linha 1\r\nlinha 2\n\tfim' }).success).toBe(true);
  });

  it.each([
    ['cpf', 'nomeCompleto'],
    ['cpf', 'email'],
    ['cnpj', 'razaoSocial'],
    ['cnpj', 'responsavelNome'],
    ['cnpj', 'responsavelEmail'],
  ])('a %s implementation request keeps %s on one line', (tipo, field) => {
    const form: Record<string, string> = tipo === 'cpf' ? { ...cpfForm } : { ...cnpjForm };
    form[field] = `${form[field]}\nBcc: alguem@example.com`;
    const result = implementationSchema.safeParse(form);
    expect(implementationErrors(result.error!)[field]).toBe(inputMessages.oneLine);
  });

  it("a data-subject request's name is one line", () => {
    const request = { tipo: 'confirmacao_acesso', nome: 'Ana\nBcc: alguem@example.com', email: 'ana@example.com' };
    const result = dsrSchema.safeParse(request);
    expect(result.error?.issues.find((issue) => issue.path[0] === 'nome')?.message).toBe(inputMessages.oneLine);
  });

  it("a post's title, SEO title and tags are one line", () => {
    const post = { title: 'Gestão\nde imóveis', body: 'x', seoTitle: 'a\rb', tags: 'ipca\tjuros' };
    const errors = postErrors(postInputSchema.safeParse(post).error!);
    expect(errors['title']).toBe(inputMessages.oneLine);
    expect(errors['seoTitle']).toBe(inputMessages.oneLine);
  });

  it("the inbox's search text is one line and plain: a bad one is dropped", () => {
    const { filters } = parseLeadFilters(new URLSearchParams({ q: 'ana\u0000' }));
    expect(filters.q).toBeUndefined();
  });
});

/*
 * Free text the team writes about a lead (notes, discard reasons): the shared rule, so an
 * escape sequence or an override cannot rewrite what the next person reads.
 */
describe('lead notes and discard reasons', () => {
  const leadId = '6f1c1c0e-1b7a-4e8e-9a55-0f3f5d2b8a11';
  it.each(['\u001b[31m', '\u202e', '\u0000', '\u0007', '\u2066', '\u009b'])('refuse %j', (char) => {
    const note = leadNoteSchema.safeParse({ leadId, texto: `Ligar${char} amanhã` });
    expect(note.error?.issues.map((issue) => issue.message)).toEqual([inputMessages.invalidCharacters]);
    const discard = statusChangeSchema.safeParse({ leadId, de: 'novo', para: 'descartado', motivo: `Spam${char}` });
    expect(discard.error?.issues.map((issue) => issue.message)).toEqual([inputMessages.invalidCharacters]);
  });

  it('keep several lines', () => {
    expect(leadNoteSchema.safeParse({ leadId, texto: 'Ligou.\nRetornar\tamanhã.' }).success).toBe(true);
  });
});

describe('post schema', () => {
  const post = {
    title: 'Gestão de imóveis',
    slug: 'gestao-de-imoveis',
    excerpt: 'Resumo',
    body: '# Título\n\nTexto.',
    tags: 'gestão, IPCA',
    status: 'published',
    seoTitle: 'Gestão',
    seoDescription: 'Descrição',
    coverAlt: '',
  };

  it.each(['title', 'slug', 'excerpt', 'body', 'tags', 'seoTitle', 'seoDescription', 'coverAlt'])(
    'refuses a NUL byte in %s with the pt-BR message',
    (field) => {
      expect(postInputSchema.safeParse(post).success).toBe(true);
      const value = post[field as keyof typeof post] || 'texto';
      const result = postInputSchema.safeParse({ ...post, [field]: `${value.slice(0, 2)}\u0000${value.slice(2)}` });
      expect(result.success).toBe(false);
      expect(postErrors(result.error!)[field]).toBe(inputMessages.invalidCharacters);
    },
  );
});
