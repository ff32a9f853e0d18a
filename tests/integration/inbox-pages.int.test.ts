/*
 * The sales inbox's leads list page and its CSV export against the production build:
 * filters from the URL narrow the rows (search without accents too), pages keep the
 * filters, the overdue flag, the mailto and WhatsApp links, a status change posted from the
 * list without JavaScript (and its refusals, in pt-BR with their status codes), the CSV of
 * the filtered view as Excel in Brazil opens it; the sales team gets in, an editor does
 * not.
 *
 * The leads are written into the embedded database before the server starts (it then owns
 * the folder), with creation times in the past so the overdue flag does not depend on the
 * clock; the history rows are read back once the server has stopped.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadFilterMessages, pipelineMessages } from '~/messages/inbox/leads-list';
import { openDatabase, pgliteDirFor } from '~/server/db/client';
import { migrateDatabase } from '~/server/db/migrate';
import { contatos, leadStatusChanges } from '~/server/db/schema';
import { teamCookie } from '../../scripts/support/blog-accounts';
import { ensureBuild } from '../support/ensure-build';
import { aLeadRow, firstNameOf, TRACKED_LEAD, type LeadRow } from '../support/leads';
import { seeOther } from '../support/see-other';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';

/** São Paulo wall time as an instant. */
const sp = (local: string) => new Date(`${local}-03:00`);

let key = 0;
const lead = (nome: string, overrides: Partial<LeadRow> = {}) =>
  aLeadRow({
    nome,
    email: `${firstNameOf(nome)}${key++}@exemplo.com.br`,
    celular: '(11) 90000-0000',
    status: 'qualificado',
    consentAt: sp('2026-11-01T10:00:00'),
    createdAt: sp('2026-11-01T10:00:00'),
    ...overrides,
  });

const BATCH = 55;
const ids: Record<string, string> = {};

async function seed(dataDir: string): Promise<void> {
  const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  try {
    await migrateDatabase(handle.db);
    const rows = await handle.db
      .insert(contatos)
      .values([
        lead('João Ávila', { ...TRACKED_LEAD, createdAt: sp('2026-11-10T10:00:00') }),
        lead('Fórmula Perigosa', {
          empresa: '=1+1',
          utmSource: 'google',
          status: 'convertido',
          createdAt: sp('2026-11-09T08:15:00'),
        }),
        lead('Maria Souza', {
          utmSource: 'instagram',
          partnerSlug: 'carol-imoveis',
          status: 'novo',
          createdAt: sp('2026-11-12T09:30:00'),
        }),
        lead('Carlos Alvo', { status: 'novo', createdAt: sp('2026-11-13T11:00:00') }),
        lead('Dora Descarte', { status: 'novo', createdAt: sp('2026-11-13T12:00:00') }),
        // Arrived just now: still within the reply promise.
        lead('Nina Nova', { status: 'novo', createdAt: new Date() }),
        ...Array.from({ length: BATCH }, (_, i) =>
          lead(`Lote ${String(i + 1).padStart(2, '0')}`, {
            tipo: 'administrador',
            createdAt: new Date(sp('2026-11-02T10:00:00').getTime() + i * 60_000),
          }),
        ),
      ])
      .returning({ id: contatos.id, nome: contatos.nome });
    for (const row of rows) ids[row.nome] = row.id;
  } finally {
    await handle.close();
  }
}

let server: RunningServer;
let smtp: CaptureSmtp;
let vendas = '';
let editor = '';
let dataDir = '';

beforeAll(async () => {
  ensureBuild();
  dataDir = mkdtempSync(join(tmpdir(), 'pilota-inbox-'));
  await seed(dataDir);
  // The team's accounts confirm their address through the link mailed to this SMTP server.
  smtp = await startCaptureSmtp();
  server = await startBuiltServer({ DATA_DIR: dataDir, LEAD_RATE_LIMIT: 'off', SMTP_URL: smtp.url });
  vendas = (await teamCookie(server.url, dataDir, 'vendas', smtp)).cookie;
  editor = (await teamCookie(server.url, dataDir, 'editor', smtp)).cookie;
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

const get = (path: string, cookie = vendas) =>
  fetch(`${server.url}${path}`, { headers: { cookie, accept: 'text/html' }, redirect: 'manual' });
const page = async (path: string) => {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return response.text();
};
/** The names of the list's rows, in order. */
const names = (html: string) =>
  [
    ...html.matchAll(/<th scope="row"[^>]*>\s*<a href="\/admin\/leads\/[0-9a-f-]{36}(?:\?[^"]*)?"[^>]*>([^<]*)<\/a>/g),
  ].map((match) => match[1]!.trim());
/** One lead's row of the list. */
const rowOf = (html: string, nome: string) => {
  const match = new RegExp(`<tr data-lead-id="${ids[nome]}"[\\s\\S]*?</tr>`).exec(html);
  expect(match, nome).not.toBeNull();
  return match![0];
};
const post = (path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      cookie: vendas,
      origin: server.url,
      accept: 'text/html',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
/** The GET a browser makes after a 303, with the result cookie the answer set (the notice shown once). */
const follow = (response: Response) => seeOther(response, server.url, vendas);
const unescape = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('the leads list', () => {
  it('opens a salesperson\'s list on "Meus leads", her sign-in on "Hoje"; "Todos" is a view of its own', async () => {
    const bare = await get('/admin/leads');
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe('/admin/leads?responsavel=eu');
    const signedIn = await get('/auth');
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('location')).toBe('/admin/hoje');
    const mine = unescape(await page('/admin/leads?responsavel=eu'));
    expect(mine).toContain('0 contatos');
    expect(mine).toMatch(/<a href="\/admin\/leads\?responsavel=eu"[^>]*aria-current="page"[^>]*>\s*Meus leads/);
    expect(mine).toMatch(/<a href="\/admin\/leads\?responsavel=todos"[^>]*>\s*Todos os leads/);
  });

  it('shows the sales team every lead with its count, and the nav entry', async () => {
    const html = await page('/admin/leads?responsavel=todos');
    expect(html).toContain(`${BATCH + 6} contatos`);
    expect(html).toMatch(/<a href="\/admin\/leads"[^>]*aria-current="page"/);
    expect(names(html)).toHaveLength(50);
    // Newest first: the lead that arrived just now heads the list.
    expect(names(html)[0]).toBe('Nina Nova');
    expect(html).toContain('Limpar filtros');
    expect(html).toContain('Exportar CSV');
  });

  it('narrows the rows by status, tipo, UTM and search, "Joao" finding "João"', async () => {
    expect(names(await page('/admin/leads?status=em_contato'))).toEqual(['João Ávila']);
    expect(names(await page('/admin/leads?tipo=corretor'))).toEqual(['João Ávila']);
    expect(names(await page('/admin/leads?utm_source=instagram'))).toEqual(['Maria Souza']);
    expect(names(await page('/admin/leads?utm_source=google'))).toEqual(['João Ávila', 'Fórmula Perigosa']);
    expect(names(await page('/admin/leads?utm_campaign=black-friday'))).toEqual(['João Ávila']);
    expect(names(await page('/admin/leads?q=Joao'))).toEqual(['João Ávila']);
    expect(names(await page('/admin/leads?q=conceicao'))).toEqual(['João Ávila']);
    expect(names(await page('/admin/leads?parceiro=carol-imoveis'))).toEqual(['Maria Souza']);
    const none = await page('/admin/leads?q=ninguem');
    expect(names(none)).toEqual([]);
    expect(none).toContain('Nenhum contato encontrado com estes filtros.');
    expect(none).toContain('0 contatos');
    // The less used filters fold away unless one is in use.
    expect(await page('/admin/leads?status=novo')).not.toMatch(/<details[^>]* open/);
    expect(await page('/admin/leads?utm_campaign=black-friday')).toMatch(/<details[^>]* open/);
    // The controls show the view: the checked status, the search typed.
    const shown = await page('/admin/leads?q=Joao&status=em_contato');
    expect(shown).toMatch(/<input[^>]*value="em_contato"[^>]*checked/);
    expect(shown).toMatch(/<input[^>]*name="q"[^>]*value="Joao"|<input[^>]*value="Joao"[^>]*name="q"/);
  });

  it('answers a submitted filter form with the canonical URL, and explains a dropped value', async () => {
    const submitted = await get('/admin/leads?q=&status=novo&tipo=proprietario&utm_source=&de=&ate=&ordem=prioridade');
    expect(submitted.status).toBe(302);
    expect(submitted.headers.get('location')).toBe('/admin/leads?status=novo&tipo=proprietario');
    const bad = await get('/admin/leads?status=perdido&ordem=nome');
    expect(bad.status).toBe(200);
    const html = await bad.text();
    expect(unescape(html)).toContain(leadFilterMessages.status);
    expect(html).toContain(`${BATCH + 6} contatos`);
  });

  it('pages through a view, each link keeping its filters, the current page marked', async () => {
    const first = await page('/admin/leads?tipo=administrador&ordem=nome');
    expect(first).toContain(`${BATCH} contatos`);
    expect(names(first)).toHaveLength(50);
    expect(names(first)[0]).toBe('Lote 01');
    expect(unescape(first)).toMatch(/href="\/admin\/leads\?tipo=administrador&ordem=nome"[^>]*aria-current="page"/);
    expect(unescape(first)).toContain('href="/admin/leads?tipo=administrador&ordem=nome&pagina=2" rel="next"');
    expect(first).toContain('Próxima');
    const second = await page('/admin/leads?tipo=administrador&ordem=nome&pagina=2');
    expect(names(second)).toEqual(['Lote 51', 'Lote 52', 'Lote 53', 'Lote 54', 'Lote 55']);
    expect(unescape(second)).toMatch(
      /href="\/admin\/leads\?tipo=administrador&ordem=nome&pagina=2"[^>]*aria-current="page"/,
    );
    expect(unescape(second)).toContain('href="/admin/leads?tipo=administrador&ordem=nome" rel="prev"');
    expect(second).toContain('Anterior');
    const past = await page('/admin/leads?tipo=administrador&pagina=9');
    expect(names(past)).toEqual([]);
    expect(past).toContain('Esta página não existe nesta visão');
  });

  it('flags a lead still new past the reply promise, with its due time, and lists only those on request', async () => {
    const html = await page('/admin/leads?status=novo');
    expect(rowOf(html, 'Maria Souza')).toContain('Atrasado');
    // Thursday 12/11 09:30 + 2 business hours.
    expect(rowOf(html, 'Maria Souza')).toContain('12/11/2026 11:30');
    expect(rowOf(html, 'Nina Nova')).not.toContain('Atrasado');
    expect(names(await page('/admin/leads?atrasados=1&ordem=nome'))).toEqual([
      'Carlos Alvo',
      'Dora Descarte',
      'Maria Souza',
    ]);
  });

  it('links the e-mail to mailto, the phone to WhatsApp in a new tab, the name to the lead, the date as dd/mm/aaaa hh:mm', async () => {
    const row = unescape(rowOf(await page('/admin/leads?q=joao'), 'João Ávila'));
    expect(row).toContain('href="mailto:joao.avila@exemplo.com.br"');
    expect(row).toMatch(
      /<a href="https:\/\/wa\.me\/5521987654321" target="_blank" rel="noopener[^"]*"[^>]*aria-label="[^"]*WhatsApp[^"]*"/,
    );
    // The lead's link carries the list's view, for the lead page's "Próximo lead".
    expect(row).toContain(`href="/admin/leads/${ids['João Ávila']}?q=joao"`);
    expect(row).toContain('10/11/2026 10:00');
    expect(row).toContain('Imobiliária Conceição');
    expect(row).toContain('Corretor');
    expect(row).toContain('google / cpc / black-friday');
    expect(row).toContain('Em contato');
    // The phone card: its salesperson, one-tap call and WhatsApp with the greeting typed; the row is the way back.
    expect(row).toMatch(/data-owner[^>]*>[\s\S]*?Sem responsável/);
    expect(row).toContain('href="tel:+5521987654321"');
    expect(row).toMatch(/href="https:\/\/wa\.me\/5521987654321\?text=Ol%C3%A1%2C%20Jo%C3%A3o/);
    expect(row).toContain(`id="lead-${ids['João Ávila']}"`);
  });

  it('folds the filters behind "Filtros (n)", counting those in use, open only to explain a dropped value', async () => {
    const html = await page('/admin/leads?q=ana&status=novo&tipo=corretor');
    expect(html).toMatch(/<details[^>]*data-testid="lead-filters"[^>]*>\s*<summary[^>]*>\s*<span[^>]*>Filtros \(3\)</);
    expect(html).not.toMatch(/<details[^>]* open[^>]*data-testid="lead-filters"/);
    expect(await page('/admin/leads?status=perdido')).toMatch(/<details[^>]* open[^>]*data-testid="lead-filters"/);
  });
});

describe('status change from the list (no JavaScript)', () => {
  const ACTION = '/admin/leads?status=novo&_action=leads.changeStatus';

  it('each row posts to the list with its filters, and a change is saved and shown', async () => {
    const html = unescape(await page('/admin/leads?status=novo'));
    expect(html).toContain(`action="${ACTION}"`);
    expect(html).toContain('Motivo do descarte (obrigatório para descartar)');
    const response = await post(ACTION, { leadId: ids['Carlos Alvo']!, de: 'novo', para: 'em_contato', motivo: '' });
    // Post/Redirect/Get: 303 to the same view without `_action`, back at the lead's card.
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/admin/leads?status=novo#lead-${ids['Carlos Alvo']}`);
    const followed = await follow(response);
    expect(followed.status).toBe(200);
    const answer = unescape(await followed.text());
    expect(answer).toMatch(
      /role="status"[^>]*>\s*Status de Carlos Alvo alterado para “Em contato”|role="status"[^>]*>\s*Status alterado para “Em contato”/,
    );
    // The view is still the filtered one: Carlos has left it.
    expect(names(answer)).not.toContain('Carlos Alvo');
    expect(names(answer)).toContain('Maria Souza');
    // A refresh is a GET of the clean URL: no second post, the notice shown once (one change recorded, below).
    const refreshed = unescape(await page('/admin/leads?status=novo'));
    expect(refreshed).not.toContain('alterado para “Em contato”');
    expect(names(await page('/admin/leads?status=em_contato&ordem=nome'))).toEqual(['Carlos Alvo', 'João Ávila']);
  });

  it('a change someone made first is 409, naming the status the lead has now', async () => {
    const response = await post(ACTION, { leadId: ids['Carlos Alvo']!, de: 'novo', para: 'qualificado', motivo: '' });
    expect(response.status).toBe(409);
    const html = unescape(await response.text());
    expect(html).toMatch(/role="alert"/);
    // She made that change herself (another tab): the refusal says so, not "Outra pessoa".
    expect(html).toContain(pipelineMessages.desatualizado('Em contato', { name: 'Vera Vendedora', you: true }));
    expect(html).toContain('Você já tinha alterado este contato');
  });

  it('a discard without a reason, or with one off the list, is 400 and changes nothing; "outro" with words is saved', async () => {
    const response = await post(ACTION, { leadId: ids['Dora Descarte']!, de: 'novo', para: 'descartado', motivo: ' ' });
    expect(response.status).toBe(400);
    expect(unescape(await response.text())).toContain(pipelineMessages.motivoObrigatorio);
    const offList = await post(ACTION, {
      leadId: ids['Dora Descarte']!,
      de: 'novo',
      para: 'descartado',
      motivo: 'Sem verba',
    });
    expect(offList.status).toBe(400);
    expect(unescape(await offList.text())).toContain(pipelineMessages.motivoForaDaLista);
    expect(names(await page('/admin/leads?status=novo'))).toContain('Dora Descarte');
    const saved = await post(ACTION, {
      leadId: ids['Dora Descarte']!,
      de: 'novo',
      para: 'descartado',
      motivo: 'outro',
      motivoOutro: 'Já é cliente',
    });
    expect(saved.status).toBe(303);
    expect(names(await page('/admin/leads?status=descartado'))).toEqual(['Dora Descarte']);
  });

  it('a lead that does not exist is 404 with the pt-BR message', async () => {
    const response = await post(ACTION, {
      leadId: '00000000-0000-4000-8000-000000000000',
      de: 'novo',
      para: 'em_contato',
      motivo: '',
    });
    expect(response.status).toBe(404);
    expect(unescape(await response.text())).toContain(pipelineMessages.contatoInexistente);
  });
});

describe('CSV export of the view', () => {
  it('downloads only the filtered rows as Excel in Brazil reads them', async () => {
    const html = unescape(await page('/admin/leads?utm_source=google'));
    expect(html).toContain('href="/admin/leads/exportar?utm_source=google"');
    const response = await get('/admin/leads/exportar?utm_source=google');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // ignoreBOM keeps the BOM in the text, where Excel needs it.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFFData;')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]!.split(';').slice(0, 7)).toEqual([
      'Data',
      'Nome',
      'E-mail',
      'Celular',
      'Tipo',
      'Empresa',
      'Status',
    ]);
    expect(lines).toHaveLength(3);
    const [joao, formula] = lines.slice(1).map((line) => line.split(';'));
    expect(joao!.slice(0, 2)).toEqual(['10/11/2026 10:00', 'João Ávila']);
    expect(formula![1]).toBe('Fórmula Perigosa');
    expect(formula![5]).toBe("'=1+1");
  });

  // One export per person at a time (src/server/inbox/export-slots.ts): a finished one frees its slot at once.
  it('lets the same person export again as soon as an export has ended, and a HEAD holds no export', async () => {
    for (let round = 0; round < 3; round++) {
      // Astro answers HEAD with the GET handler and drops its body unread.
      const head = await fetch(`${server.url}/admin/leads/exportar`, { method: 'HEAD', headers: { cookie: vendas } });
      expect(head.status, `round ${round}`).toBe(200);
      const response = await get('/admin/leads/exportar');
      expect(response.status, `round ${round}`).toBe(200);
      expect(await response.text()).toMatch(/^\uFEFF?Data;/);
    }
  });

  it('drops a bad filter value as the page does, never a 500', async () => {
    const response = await get('/admin/leads/exportar?utm_source=google&status=perdido&de=31/02/2026');
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
  });
});

describe('who may open it', () => {
  it('refuses an editor the list and the export, and anonymous visitors', async () => {
    expect((await get('/admin/leads', editor)).status).toBe(403);
    expect((await get('/admin/leads/exportar', editor)).status).toBe(403);
    const anonymous = await fetch(`${server.url}/admin/leads/exportar`, { redirect: 'manual' });
    expect(anonymous.status).toBe(401);
    const list = await fetch(`${server.url}/admin/leads`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(list.status).toBe(302);
    const changed = await fetch(`${server.url}/admin/leads?_action=leads.changeStatus`, {
      method: 'POST',
      headers: { cookie: editor, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ leadId: ids['Maria Souza']!, de: 'novo', para: 'em_contato' }).toString(),
      redirect: 'manual',
    });
    expect(changed.status).toBe(403);
  });

  it('recorded who changed what (read once the server has stopped)', async () => {
    await server.stop();
    const handle = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    try {
      const history = await handle.db
        .select()
        .from(leadStatusChanges)
        .where(eq(leadStatusChanges.leadId, ids['Carlos Alvo']!));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ fromStatus: 'novo', toStatus: 'em_contato', userName: 'Vera Vendedora' });
      const [dora] = await handle.db
        .select()
        .from(leadStatusChanges)
        .where(eq(leadStatusChanges.leadId, ids['Dora Descarte']!));
      expect(dora).toMatchObject({ fromStatus: 'novo', toStatus: 'descartado', reason: 'Outro: Já é cliente' });
      const [maria] = await handle.db
        .select({ status: contatos.status })
        .from(contatos)
        .where(eq(contatos.id, ids['Maria Souza']!));
      expect(maria!.status).toBe('novo');
    } finally {
      await handle.close();
    }
  });
});
