/*
 * The sales team's home: what waits for them on /blog/admin, as counts that each
 * open the filtered list — leads `novo`, those past the reply promise ("atrasados", the same
 * one comparison as the list's filter: `status = 'novo' and created_at <= overdueCutoff(now)`,
 * src/lib/reply-deadline.ts), leads `em contato`, lead deliveries failing now (their last attempt
 * failed: given up, or waiting for the next one — not the history of ones since sent), and
 * implementation requests still `recebida`. The lead and request counts are answered by the
 * (status, created_at) indexes of migration 0009; failed deliveries are few by nature.
 *
 * Implementation requests belong to another feature: if reading them fails, that count is
 * left out (undefined) and the log says why, as the dashboard does for their table.
 */
import { and, count, eq, inArray, lte } from 'drizzle-orm';
import { overdueCutoff } from '~/lib/reply-deadline';
import type { DbOrTx } from '../db/client';
import { deliveries } from '../db/schema/deliveries';
import { solicitacoesImplementacao } from '../db/schema/implementation';
import { contatos } from '../db/schema/leads';
import { describeError } from '../describe-error';
import { componentLogger } from '../log/logger';
import { LEAD_DELIVERY_SUBJECT } from './delivery-list';
import type { Clock } from '../clock';

export interface InboxCounts {
  novos: number;
  atrasados: number;
  emContato: number;
  entregasFalhas: number;
  /** Undefined when the implementation requests could not be read. */
  implantacoesRecebidas: number | undefined;
}

const first = (rows: { n: number }[]) => rows[0]?.n ?? 0;

async function receivedRequests(db: DbOrTx): Promise<number | undefined> {
  try {
    return first(
      await db
        .select({ n: count() })
        .from(solicitacoesImplementacao)
        .where(eq(solicitacoesImplementacao.status, 'recebida')),
    );
  } catch (error) {
    componentLogger('admin').error(`implementation request count unavailable: ${describeError(error)}`);
    return undefined;
  }
}

export async function inboxCounts({ db, now }: { db: DbOrTx; now: Clock }): Promise<InboxCounts> {
  const cutoff = overdueCutoff(now());
  const [novos, atrasados, emContato, entregasFalhas, implantacoesRecebidas] = await Promise.all([
    db.select({ n: count() }).from(contatos).where(eq(contatos.status, 'novo')).then(first),
    db
      .select({ n: count() })
      .from(contatos)
      .where(and(eq(contatos.status, 'novo'), lte(contatos.createdAt, cutoff)))
      .then(first),
    db.select({ n: count() }).from(contatos).where(eq(contatos.status, 'em_contato')).then(first),
    db
      .select({ n: count() })
      .from(deliveries)
      .where(and(inArray(deliveries.status, ['failed', 'retrying']), eq(deliveries.subjectType, LEAD_DELIVERY_SUBJECT)))
      .then(first),
    receivedRequests(db),
  ]);
  return { novos, atrasados, emContato, entregasFalhas, implantacoesRecebidas };
}
