/*
 * Degraded mode's spool on Netlify (src/server/leads/blob-spool.ts) against Netlify's own local
 * Blobs server (`BlobsServer` of @netlify/blobs, as `netlify dev` runs it), with the caps made
 * small: a client that changes its submission key on every post stops at its cap, the whole
 * spool at its total, and a clock minute's direct delivery is claimed once across instances.
 * The Netlify build's flood over HTTP is in netlify.int.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore, type Store } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobSpool, SPOOL_STORE } from '~/server/leads/blob-spool';
import { toLeadRecord } from '~/server/leads/lead-record';

let server: BlobsServer;
let dir: string;
let store: () => Store;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pilota-blob-spool-'));
  server = new BlobsServer({ directory: dir, token: 'blobs-token' });
  const { port } = await server.start();
  const context = {
    edgeURL: `http://127.0.0.1:${port}`,
    uncachedEdgeURL: `http://127.0.0.1:${port}`,
    siteID: `site-${randomUUID()}`,
    token: 'blobs-token',
  };
  store = () => getStore({ name: SPOOL_STORE, consistency: 'strong', ...context });
});

afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const lead = (ipHash: string | null, mensagem = '') =>
  toLeadRecord(
    {
      nome: 'Ana Souza',
      email: 'ana@example.com',
      celular: '(11) 98765-4321',
      tipo: 'proprietario',
      mensagem,
      submission_key: randomUUID(),
    },
    { id: randomUUID(), now: new Date(), submissionKey: randomUUID(), ipHash, userAgent: null },
  );

const pendingKeys = async () => (await store().list({ prefix: 'pending/' })).blobs.map((blob) => blob.key);

describe('the Netlify Blobs spool', () => {
  it('keeps a client to its cap whatever submission key it sends, and everyone to the total', async () => {
    const spool = blobSpool(store, { leads: 5, bytes: 1_000_000, clientLeads: 3, clientBytes: 1_000_000 });
    const a = 'a'.repeat(32);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await spool.keep(lead(a)));
    expect(answers).toEqual([
      { kept: true, held: 1 },
      { kept: true, held: 2 },
      { kept: true, held: 3 },
      { kept: false, full: 'client' },
      { kept: false, full: 'client' },
      { kept: false, full: 'client' },
    ]);
    expect(await spool.keep(lead('b'.repeat(32)))).toEqual({ kept: true, held: 4 });
    expect(await spool.keep(lead(null))).toEqual({ kept: true, held: 5 });
    expect(await spool.keep(lead('c'.repeat(32)))).toEqual({ kept: false, full: 'total' });
    expect(await pendingKeys()).toHaveLength(5);

    // The replay empties it, and there is room again.
    expect(await spool.drain(async () => ({ retry: [], rejected: [] }))).toMatchObject({ leads: 5 });
    expect(await spool.keep(lead(a))).toEqual({ kept: true, held: 1 });
    await spool.drain(async () => ({ retry: [], rejected: [] }));
  });

  it("counts a client's bytes and the whole spool's", async () => {
    const long = 'Quero conhecer a plataforma. '.repeat(68);
    const spool = blobSpool(store, { leads: 100, bytes: 7_000, clientLeads: 100, clientBytes: 3_500 });
    const d = 'd'.repeat(32);
    expect(await spool.keep(lead(d, long))).toMatchObject({ kept: true });
    expect(await spool.keep(lead(d, long))).toEqual({ kept: false, full: 'client' });
    expect(await spool.keep(lead('e'.repeat(32), long))).toMatchObject({ kept: true });
    expect(await spool.keep(lead('f'.repeat(32), long))).toEqual({ kept: false, full: 'total' });
    await spool.drain(async () => ({ retry: [], rejected: [] }));
  });

  it("claims a clock minute's direct delivery once across instances; a drain drops the past minutes' marks", async () => {
    const one = blobSpool(store);
    const two = blobSpool(store);
    const minute = Math.floor(Date.now() / 60_000) - 5;
    expect(await one.claimMinute!(minute)).toBe(true);
    expect(await two.claimMinute!(minute)).toBe(false);
    expect(await one.claimMinute!(minute)).toBe(false);
    expect(await two.claimMinute!(minute + 1)).toBe(true);
    await one.drain(async () => ({ retry: [], rejected: [] }));
    expect((await store().list({ prefix: 'direct/' })).blobs).toEqual([]);
  });
});
