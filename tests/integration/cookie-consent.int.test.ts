/*
 * The server-side record of cookie choices on every engine: the service
 * appends each choice with the server's time; the public endpoint the banner posts to
 * (POST /api/consentimento-cookies, on the built server) records a valid choice, refuses
 * anything else without writing, and is rate-limited like the public forms.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieConsentMessages, cookieConsentPolicy } from '~/copy/cookie-consent';
import { inputMessages } from '~/messages/input';
import { rateLimitMessage } from '~/copy/messages/lead';
import { openDatabase, pgliteDirFor } from '~/server/db/client';
import { cookieConsentHistory, recordCookieConsent } from '~/server/cookie-consent/cookie-consent.service';
import { allEngines, execute, useTestDatabase } from '../support/db';
import { ensureBuild } from '../support/ensure-build';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';

const visitor = () => randomBytes(16).toString('hex');
const choice = (id: string, analytics: boolean, marketing = false) => ({
  id,
  version: cookieConsentPolicy.version,
  analytics,
  functionality: false,
  marketing,
});

describe.each(allEngines)('cookie consent records on %s', (engine) => {
  const t = useTestDatabase(engine);

  it('appends every choice of a visitor, stamped with the server clock, oldest first', async () => {
    const id = visitor();
    const first = new Date('2026-03-01T10:00:00Z');
    const second = new Date('2026-03-02T09:30:00Z');
    await recordCookieConsent(choice(id, true, true), { db: t.db, now: () => first });
    await recordCookieConsent(choice(id, false), { db: t.db, now: () => second });
    await recordCookieConsent(choice(visitor(), true), { db: t.db, now: () => second });

    const history = await cookieConsentHistory(t.db, id);
    expect(
      history.map(({ analytics, functionality, marketing, version, visitorId, recordedAt }) => ({
        analytics,
        functionality,
        marketing,
        version,
        visitorId,
        recordedAt: recordedAt.toISOString(),
      })),
    ).toEqual([
      {
        analytics: true,
        functionality: false,
        marketing: true,
        version: cookieConsentPolicy.version,
        visitorId: id,
        recordedAt: first.toISOString(),
      },
      {
        analytics: false,
        functionality: false,
        marketing: false,
        version: cookieConsentPolicy.version,
        visitorId: id,
        recordedAt: second.toISOString(),
      },
    ]);
    const { rows } = await execute(t.handle, 'select count(*)::int as n from cookie_consents');
    expect(rows[0]!['n']).toBe(3);
  });

  // The pooler runs the same queries as PostgreSQL; the HTTP path is checked once per database server.
  // One test writes and then reads: the database is emptied before each test.
  if (engine !== 'pgbouncer')
    describe('through POST /api/consentimento-cookies on the built server', () => {
      let server: RunningServer;
      const accepted = visitor();
      const refused = visitor();

      beforeAll(async () => {
        ensureBuild();
        server = await startBuiltServer({
          LEAD_RATE_LIMIT: '4/60',
          ...(engine === 'postgres' ? { DATABASE_URL: t.directUrl! } : {}),
        });
      }, 600_000);

      afterAll(async () => {
        await server?.stop();
      });

      const post = (body: string, contentType = 'application/json') =>
        fetch(`${server.url}/api/consentimento-cookies`, {
          method: 'POST',
          headers: { 'Content-Type': contentType, Origin: server.url },
          body,
        });

      it('refuses another media type (415) and an oversized body (413) before reading it', async () => {
        expect(
          (
            await post(
              new URLSearchParams(choice(refused, true) as never).toString(),
              'application/x-www-form-urlencoded',
            )
          ).status,
        ).toBe(415);
        expect((await post(JSON.stringify({ ...choice(refused, true), pad: 'x'.repeat(5000) }))).status).toBe(413);
      });

      it('records a valid choice (204) with the server time, refuses anything else (400, nothing written) and rate-limits', async () => {
        const ok = await post(JSON.stringify(choice(accepted, true)));
        expect(ok.status).toBe(204);
        expect(ok.headers.get('cache-control')).toBe('no-store');
        const extraField = await post(JSON.stringify({ ...choice(refused, true), email: 'rita@exemplo.com' }));
        expect(extraField.status).toBe(400);
        expect((await extraField.json()).error).toBe(inputMessages.malformedBody);
        expect((await post(JSON.stringify({ ...choice(refused, true), id: 'nao-hex' }))).status).toBe(400);
        // A version the site never published is no proof of anything.
        const forged = await post(JSON.stringify({ ...choice(refused, true), version: '2099-99' }));
        expect(forged.status).toBe(400);
        expect((await forged.json()).error).toBe(cookieConsentMessages.unknownVersion);
        // LEAD_RATE_LIMIT=4/60: the fifth post from this address within the minute is refused.
        const limited = await post(JSON.stringify(choice(refused, false)));
        expect(limited.status).toBe(429);
        expect((await limited.json()).error).toBe(rateLimitMessage);

        // What the database holds: only the accepted choice.
        await server.stop();
        const handle =
          engine === 'postgres' ? undefined : await openDatabase({ pgliteDir: pgliteDirFor(server.dataDir) });
        const db = handle?.db ?? t.db;
        try {
          const rows = await cookieConsentHistory(db, accepted);
          expect(rows.map((row) => [row.version, row.analytics, row.functionality, row.marketing])).toEqual([
            [cookieConsentPolicy.version, true, false, false],
          ]);
          expect(Date.now() - rows[0]!.recordedAt.getTime()).toBeLessThan(120_000);
          expect(await cookieConsentHistory(db, refused)).toEqual([]);
        } finally {
          await handle?.close();
        }
      });
    });
});
