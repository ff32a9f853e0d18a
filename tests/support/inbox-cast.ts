/*
 * The sales inbox e2e's cast (tests/e2e/inbox.e2e.ts), written into a fresh database by
 * tests/support/seed-inbox.ts. Plain data, so the browser test can import it without the
 * server's modules.
 */

/** Who the e2e test works with; `age` in days (a Monday-to-Friday week back is always past 2 business hours). */
export const INBOX_CAST = {
  joao: {
    nome: 'João Araújo',
    email: 'joao.araujo@exemplo.com',
    celular: '(11) 98888-1234',
    tipo: 'corretor',
    empresa: 'Araújo Imóveis',
    utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'lancamento' },
    age: 7,
  },
  marta: {
    nome: 'Marta Lima',
    email: 'marta.lima@exemplo.com',
    celular: '(21) 97777-4321',
    tipo: 'administrador',
    empresa: '=1+1 Imóveis',
    utm: { utm_source: 'facebook', utm_medium: 'social', utm_campaign: 'outubro' },
    age: 0,
  },
  caio: {
    nome: 'Caio Entregas',
    email: 'caio.entregas@exemplo.com',
    celular: '(31) 96666-5555',
    tipo: 'imobiliaria',
    empresa: 'Caio Negócios',
    utm: { utm_source: 'google', utm_medium: 'organic', utm_campaign: 'blog' },
    age: 8,
  },
} as const;

export type InboxCastIds = Record<keyof typeof INBOX_CAST, string> & { failedWebhook: string };

/** Caio's failed webhook's last error: a pt-BR reason longer than the 120 characters the page once cut. */
export const FAILED_WEBHOOK_ERROR =
  'HTTP 500 Internal Server Error: o receptor está fora do ar para manutenção programada; as entregas voltam a ser aceitas depois das 18h, segundo a equipe de integrações';
