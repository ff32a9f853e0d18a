/*
 * Purging Netlify's CDN when a public post changes (src/server/cdn/cdn-purge.ts): the
 * post service queues the purge in the change's own transaction, and the delivery engine
 * sends it to a stand-in of Netlify's purge API (tests/support/netlify-purge-standin.ts)
 * through `purgeCache` of @netlify/functions — site id and bearer token from the
 * function's environment, the tags of the lists and of the post (old and new slug). A 503
 * is retried; a refused token ends 'failed' with its status as the reason, as a webhook
 * would. A draft, a rolled-back write and the Node target purge nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPost, deletePost, updatePost } from '~/server/blog/post.service';
import { deliveries } from '~/server/db/schema';
import type { DeliverySettings } from '~/server/delivery/settings';
import { BLOG_TAG, postTag } from '~/server/cdn/cdn-cache';
import { CDN_PURGE_SUBJECT, cdnPurger } from '~/server/cdn/cdn-purge';
import { createMailer } from '~/server/mail';
import { useTestDatabase } from '../support/db';
import { deliveryStack, type DeliveryStack } from '../../scripts/support/deliveries';
import { startPurgeStandIn, type PurgeStandIn } from '../support/netlify-purge-standin';
import { until } from '../support/until';
import { quietLog } from '../support/log';

const TOKEN = 'purge-token-of-the-function';
const SITE_ID = 'site-0123';
/** Three attempts, no waiting between them. */
const FAST: DeliverySettings = {
  retryLimit: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.2,
  expireInSeconds: 30,
};
const POST = { title: 'Cache na borda', body: 'Texto do post.', status: 'published' };

describe('CDN purge when a public post changes', () => {
  const t = useTestDatabase('pglite');
  let api: PurgeStandIn;
  let stack: DeliveryStack | undefined;

  beforeAll(async () => {
    api = await startPurgeStandIn(TOKEN);
  });
  afterEach(async () => {
    await stack?.stop(2_000);
    stack = undefined;
    api.calls.length = 0;
    api.failures.length = 0;
  });
  afterAll(() => api.close());

  /** The delivery path of a Netlify function whose environment holds `token`. */
  async function start(token = TOKEN) {
    stack = deliveryStack(t.handle, {
      sendMail: createMailer({ mailFrom: 'Pilota <nao-responda@pilota.example>' }),
      settings: FAST,
      purgeEnv: { NETLIFY_PURGE_API_TOKEN: token, SITE_ID },
      log: quietLog,
    });
    await stack.start();
    const purge = cdnPurger(
      { config: { deployTarget: 'netlify' }, outbox: stack.outbox },
      { CDN_PURGE_API_URL: api.url },
    );
    return { db: t.db, purge };
  }

  const purgeRows = () => t.db.select().from(deliveries).where(eq(deliveries.subjectType, CDN_PURGE_SUBJECT));

  it('purges the lists and the post on publish, edit (old and new slug) and delete; a draft purges nothing', async () => {
    const deps = await start();
    const draft = await createPost(deps, { ...POST, title: 'Rascunho', status: 'draft' });
    const post = await createPost(deps, POST);
    await api.waitFor();
    expect(api.calls[0]).toMatchObject({ authorization: `Bearer ${TOKEN}`, userAgent: 'pilota-site' });
    expect(api.purged()).toEqual([{ siteId: SITE_ID, tags: [BLOG_TAG, postTag(post.slug)] }]);

    await updatePost(deps, post.id, { ...POST, slug: 'cache-na-borda-2' });
    await until(() => api.purged().length === 2 || undefined);
    expect(api.purged()[1]!.tags).toEqual([BLOG_TAG, postTag(post.slug), postTag('cache-na-borda-2')]);

    expect(await deletePost(deps, post.id)).toBe(true);
    await until(() => api.purged().length === 3 || undefined);
    expect(api.purged()[2]!.tags).toEqual([BLOG_TAG, postTag('cache-na-borda-2')]);

    // The draft, edited and deleted, never was public: nothing to purge.
    await updatePost(deps, draft.id, { ...POST, title: 'Rascunho', status: 'draft', body: 'Outro texto.' });
    await deletePost(deps, draft.id);
    const rows = await until(async () => {
      const all = await purgeRows();
      return all.every((row) => row.status === 'sent') ? all : undefined;
    });
    expect(rows).toHaveLength(3);
    expect(api.purged()).toHaveLength(3);
  });

  it('retries a purge the API answered 503, and gives a refused token up as failed with its status', async () => {
    api.failures.push(503);
    const deps = await start();
    const post = await createPost(deps, POST);
    const [row] = await until(async () => {
      const all = await purgeRows();
      return all[0]?.status === 'sent' ? all : undefined;
    });
    expect(row!.attempts).toBe(2);
    expect(api.calls.map((call) => call.status)).toEqual([503, 202]);
    expect(api.purged()).toEqual([{ siteId: SITE_ID, tags: [BLOG_TAG, postTag(post.slug)] }]);
    await stack!.stop(2_000);
    await t.truncate();
    api.calls.length = 0;

    const wrong = await start('not-the-token');
    await createPost(wrong, POST);
    const [failed] = await until(async () => {
      const all = await purgeRows();
      return all[0]?.status === 'failed' ? all : undefined;
    });
    expect(failed).toMatchObject({ attempts: 3, lastError: 'answered 401' });
    expect(api.calls.map((call) => call.status)).toEqual([401, 401, 401]);
  });

  it('queues nothing for a write that rolls back, nor on the Node target', async () => {
    const deps = await start();
    await createPost(deps, POST);
    await expect(createPost(deps, POST)).rejects.toThrow();
    expect(await purgeRows()).toHaveLength(1);

    const node = cdnPurger({ config: { deployTarget: 'node' }, outbox: stack!.outbox }, { CDN_PURGE_API_URL: api.url });
    await createPost({ db: t.db, purge: node }, { ...POST, title: 'No Node' });
    expect(await purgeRows()).toHaveLength(1);
  });
});
