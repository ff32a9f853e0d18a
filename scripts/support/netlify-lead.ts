/*
 * A lead saved the way the Netlify SSR function saves it (the Netlify configuration, a job
 * queue never started, no `waitUntil`): its deliveries wait in the outbox until a drain run
 * takes them. For the scheduled drain's own tests and figures.
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '~/server/db/client';
import { scheduledDrainConfig } from '~/server/delivery/scheduled-drain';
import { createLeadService } from '~/server/leads/lead.service';
import { createLogger } from '~/server/log/logger';
import { createMailer } from '~/server/mail';
import { deliveryStack } from './deliveries';
import { sharedDeps } from './service-deps';

/** Saves a lead with the site's variables `env` (DATABASE_URL the pooler's); resolves with its id. */
export async function saveLeadAsFunction(
  env: Record<string, string>,
  lead: { nome: string; email: string },
): Promise<string> {
  const config = scheduledDrainConfig(env);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, transactionPooler: true });
  const sendMail = createMailer(config, createLogger({ level: 'silent' }));
  const stack = deliveryStack(handle, { sendMail, webhook: { secret: config.webhookSecret } });
  try {
    const leads = createLeadService({
      db: handle.db,
      outbox: stack.outbox,
      sendMail,
      config,
      ...sharedDeps({ db: handle.db, config }),
    });
    const result = await leads.create(
      { ...lead, celular: '(11) 98765-4321', tipo: 'proprietario', submission_key: randomUUID() },
      { ip: '203.0.113.9' },
    );
    if (result.status !== 'saved') throw new Error(`lead not saved: ${result.status}`);
    return result.id;
  } finally {
    sendMail.close?.();
    await handle.close();
  }
}
