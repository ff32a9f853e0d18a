/*
 * Data of the first admin page (/blog/admin): counts and the latest rows of leads and
 * implementation requests, and the latest security events.
 *
 * Every table is read through the schema, so a renamed column fails `npm run check`
 * rather than the page. Implementation requests belong to another feature: if reading them
 * fails, the page shows them as "not available" (and the log says why) instead of breaking.
 */
import { count, desc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { securityEvents, type SecurityEvent } from '../db/schema/auth';
import { solicitacoesImplementacao as requests } from '../db/schema/implementation';
import { contatos, type Contato } from '../db/schema/leads';
import { describeError } from '../describe-error';
import { componentLogger } from '../log/logger';

export const DASHBOARD_LATEST = 20;

export interface ImplementationRow {
  id: string;
  createdAt: Date;
  tipoDocumento: 'cpf' | 'cnpj';
  /** Person's name (CPF) or company name (CNPJ). */
  nome: string;
  email: string;
  /** Private file ids of the attached CNH documents. */
  documentIds: string[];
}

export interface DashboardData {
  leads: { total: number; latest: Contato[] };
  implementations: { total: number; latest: ImplementationRow[] } | undefined;
  securityEvents: SecurityEvent[];
}

async function implementationData(db: DbOrTx): Promise<DashboardData['implementations']> {
  try {
    const [[total], latest] = await Promise.all([
      db.select({ n: count() }).from(requests),
      db
        .select({
          id: requests.id,
          createdAt: requests.createdAt,
          tipoDocumento: requests.tipoDocumento,
          nomeCompleto: requests.nomeCompleto,
          razaoSocial: requests.razaoSocial,
          email: requests.email,
          responsavelEmail: requests.responsavelEmail,
          cnhFileId: requests.cnhFileId,
          responsavelCnhFileId: requests.responsavelCnhFileId,
        })
        .from(requests)
        .orderBy(desc(requests.createdAt))
        .limit(DASHBOARD_LATEST),
    ]);
    return {
      total: total?.n ?? 0,
      latest: latest.map((row) => ({
        id: row.id,
        createdAt: row.createdAt,
        tipoDocumento: row.tipoDocumento === 'cnpj' ? 'cnpj' : 'cpf',
        nome: row.razaoSocial ?? row.nomeCompleto ?? '',
        email: row.email ?? row.responsavelEmail ?? '',
        documentIds: [row.cnhFileId, row.responsavelCnhFileId].filter(
          (id): id is string => typeof id === 'string' && id.length > 0,
        ),
      })),
    };
  } catch (error) {
    componentLogger('admin').error(`implementation requests unavailable: ${describeError(error)}`);
    return undefined;
  }
}

export async function dashboardData(db: DbOrTx): Promise<DashboardData> {
  const [[leadTotal], latestLeads, implementations, events] = await Promise.all([
    db.select({ n: count() }).from(contatos),
    db.select().from(contatos).orderBy(desc(contatos.createdAt)).limit(DASHBOARD_LATEST),
    implementationData(db),
    db.select().from(securityEvents).orderBy(desc(securityEvents.createdAt)).limit(DASHBOARD_LATEST),
  ]);
  return {
    leads: { total: leadTotal?.n ?? 0, latest: latestLeads },
    implementations,
    securityEvents: events,
  };
}
