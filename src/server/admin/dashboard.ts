/*
 * Data of the first admin page (/blog/admin): counts and the latest rows of leads and
 * implementation requests, and the latest security events.
 *
 * The implementation-request table belongs to another feature and may not exist in every
 * database yet, so it is read with plain SQL after checking that it exists; a missing
 * table shows as "not available" instead of breaking the page.
 */
import { count, desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contatos, securityEvents, type Contato, type SecurityEvent } from '../db/schema';
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

async function rows(db: DbOrTx, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

async function implementationData(db: DbOrTx): Promise<DashboardData['implementations']> {
  const [exists] = await rows(db, sql`select to_regclass('public.solicitacoes_implementacao') is not null as ok`);
  if (!exists?.['ok']) return undefined;
  try {
    const [total] = await rows(db, sql`select count(*)::int as n from solicitacoes_implementacao`);
    const latest = await rows(
      db,
      sql`select id, created_at, tipo_documento, nome_completo, razao_social, email, responsavel_email,
                 cnh_file_id, responsavel_cnh_file_id
            from solicitacoes_implementacao order by created_at desc limit ${DASHBOARD_LATEST}`,
    );
    return {
      total: Number(total?.['n'] ?? 0),
      latest: latest.map((row) => ({
        id: String(row['id']),
        createdAt: new Date(row['created_at'] as string | Date),
        tipoDocumento: row['tipo_documento'] === 'cnpj' ? 'cnpj' : 'cpf',
        nome: String(row['razao_social'] ?? row['nome_completo'] ?? ''),
        email: String(row['email'] ?? row['responsavel_email'] ?? ''),
        documentIds: [row['cnh_file_id'], row['responsavel_cnh_file_id']].filter(
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
