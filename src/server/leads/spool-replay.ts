/*
 * The Netlify side of the spool's replay: leads kept in Netlify Blobs while the database was
 * unreachable (./blob-spool.ts) are saved by the scheduled drain (src/server/delivery/
 * scheduled-drain.ts), once the database answers again, with the lead service's own replay
 * (`replaySpool`: one row per submission key, only the deliveries that did not go out directly
 * queued), in the drain's run so they are delivered by it.
 */
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { SendMail } from '../mail';
import type { Outbox } from '../outbox/outbox';
import { createRateLimiter } from '../rate-limit';
import { createSecurityLogger } from '../security';
import { blobSpool } from './blob-spool';
import { createLeadService } from './lead.service';
import type { Logger } from '../log/logger';
import { systemClock } from '../clock';

export interface BlobReplayDeps {
  db: Db;
  config: Config;
  outbox: Outbox;
  sendMail: SendMail;
  log: Logger;
}

/** Saves the leads waiting in the Blobs spool; returns how many were saved. */
export function replayBlobSpool(deps: BlobReplayDeps): Promise<number> {
  const now = systemClock;
  const leads = createLeadService({
    ...deps,
    now,
    security: createSecurityLogger({ db: deps.db, secret: deps.config.authSecret ?? '', now }),
    rateLimits: createRateLimiter({ db: deps.db, config: deps.config, now, ready: () => true }),
    spool: blobSpool(),
  });
  return leads.replaySpool();
}
