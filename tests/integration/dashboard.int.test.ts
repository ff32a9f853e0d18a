/*
 * The first admin page's data (src/server/admin/dashboard.ts) on every engine: counts and
 * the newest rows of leads and implementation requests, read through the schema — a CPF
 * request shows the person, a CNPJ request the company and its responsible person's
 * e-mail, each with the ids of the documents still attached.
 */
import { describe, expect, it } from 'vitest';
import { DASHBOARD_LATEST, dashboardData } from '~/server/admin/dashboard';
import { solicitacoesImplementacao } from '~/server/db/schema';
import { aStoredPdf } from '../support/private-files';
import { engines, useTestDatabase } from '../support/db';


const base = { emailAcesso: 'acesso@example.com', senhaHash: 'scrypt$x' };

describe.each(engines)('admin dashboard data on %s', (engine) => {
  const t = useTestDatabase(engine);

  it('shows no implementation request on an empty database, as a count of 0 (not "not available")', async () => {
    const data = await dashboardData(t.db);
    expect(data.implementations).toEqual({ total: 0, latest: [] });
    expect(data.leads).toEqual({ total: 0, latest: [] });
  });

  it('names the person of a CPF request and the company of a CNPJ one, newest first, with their documents', async () => {
    const cpfFile = await aStoredPdf(t.db);
    const responsavelFile = await aStoredPdf(t.db);
    const [cpf] = await t.db
      .insert(solicitacoesImplementacao)
      .values({
        ...base,
        createdAt: new Date('2026-11-20T10:00:00Z'),
        tipoDocumento: 'cpf',
        cpf: '12345678909',
        nomeCompleto: 'Maria da Silva',
        celular: '11987654321',
        email: 'maria@example.com',
        cnhFileId: cpfFile,
      })
      .returning();
    const [cnpj] = await t.db
      .insert(solicitacoesImplementacao)
      .values({
        ...base,
        createdAt: new Date('2026-11-21T10:00:00Z'),
        tipoDocumento: 'cnpj',
        cnpj: '11222333000181',
        razaoSocial: 'Imobiliária Exemplo Ltda',
        responsavelCpf: '12345678909',
        responsavelNome: 'João Souza',
        responsavelCelular: '11987654321',
        responsavelEmail: 'joao@example.com',
        responsavelCnhFileId: responsavelFile,
      })
      .returning();

    const data = await dashboardData(t.db);
    expect(data.implementations).toEqual({
      total: 2,
      latest: [
        {
          id: cnpj!.id,
          createdAt: new Date('2026-11-21T10:00:00Z'),
          tipoDocumento: 'cnpj',
          nome: 'Imobiliária Exemplo Ltda',
          email: 'joao@example.com',
          documentIds: [responsavelFile],
        },
        {
          id: cpf!.id,
          createdAt: new Date('2026-11-20T10:00:00Z'),
          tipoDocumento: 'cpf',
          nome: 'Maria da Silva',
          email: 'maria@example.com',
          documentIds: [cpfFile],
        },
      ],
    });
  });

  it(`lists at most ${DASHBOARD_LATEST} requests but counts them all`, async () => {
    await t.db.insert(solicitacoesImplementacao).values(
      Array.from({ length: DASHBOARD_LATEST + 2 }, (_, i) => ({
        ...base,
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)),
        tipoDocumento: 'cpf' as const,
        nomeCompleto: `Pessoa ${i}`,
        email: `p${i}@example.com`,
      })),
    );
    const data = await dashboardData(t.db);
    expect(data.implementations?.total).toBe(DASHBOARD_LATEST + 2);
    expect(data.implementations?.latest).toHaveLength(DASHBOARD_LATEST);
    expect(data.implementations?.latest[0]?.nome).toBe(`Pessoa ${DASHBOARD_LATEST + 1}`);
  });
});
