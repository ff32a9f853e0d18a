/*
 * The public data-subject request routes against the production build (BUILD_DIR, built
 * first when missing or stale), fed input they cannot use: the "Exercer meus direitos"
 * action and its no-JavaScript page, and the confirmation page. Every answer is a 4xx
 * with pt-BR text (a page, or the action's JSON) — never a 500, never a stack trace, and
 * nothing about the visitor in the log; the rate limit answers 429 like the lead form's.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsrAnswers, dsrConfirmPage, dsrValidationMessages } from '~/copy/messages/lgpd';
import { ensureBuild } from '../support/ensure-build';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { logCaughtUp } from '../support/log';

const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;
const valid = { tipo: 'portabilidade', nome: 'Heitor Sigilo', email: 'heitor.sigilo@example.com' };

let smtp: CaptureSmtp;
let server: RunningServer;

beforeAll(async () => {
  ensureBuild();
  smtp = await startCaptureSmtp();
  // Three filings a minute per address, so the limit is reached within the test.
  server = await startBuiltServer({ SMTP_URL: smtp.url, LEAD_RATE_LIMIT: '3/60' });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

function send(path: string, body?: BodyInit, contentType?: string, method = 'POST', accept = 'text/html') {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { Origin: server.url, Accept: accept, ...(contentType ? { 'Content-Type': contentType } : {}) },
    ...(body === undefined ? {} : { body }),
    redirect: 'manual',
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';

describe('data-subject request routes and input they cannot use', () => {
  it('no body, a broken body or a foreign shape is a 4xx, never a 500', async () => {
    const start = server.output().length;
    const cases: [string, BodyInit | undefined, string | undefined][] = [
      ['/_actions/lgpd.request', '{', 'application/json'],
      ['/_actions/lgpd.request', '--x\r\nbroken', 'multipart/form-data; boundary=x'],
      ['/_actions/lgpd.request', form({ ...valid, nome: 'He\u0000itor' }), FORM],
      ['/_actions/lgpd.request', form({ ...valid, tipo: 'tudo' }), FORM],
      ['/_actions/lgpd.request', 'x'.repeat(2_000_000), FORM],
      ['/lgpd/solicitacao?_action=lgpd.request', '{"tipo":1}', 'application/json'],
      ['/lgpd/solicitacao?_action=lgpd.request', '--x\r\nbroken', 'multipart/form-data; boundary=x'],
      ['/lgpd/solicitacao?_action=lgpd.request', undefined, undefined],
      ['/lgpd/confirmar?_action=lgpd.confirm', form({ token: 'a'.repeat(5000) }), FORM],
      ['/lgpd/confirmar?_action=lgpd.confirm', '[]', 'application/json'],
    ];
    const problems: string[] = [];
    for (const [path, body, type] of cases) {
      const answer = await send(path, body, type);
      const text = await answer.text();
      if (answer.status >= 500 || answer.status < 300) problems.push(`${path} ${type ?? 'no body'} → ${answer.status}`);
      if (STACK_FRAME.test(text)) problems.push(`${path} → stack trace in the answer`);
    }
    expect(problems).toEqual([]);
    // Called directly, the confirm action answers what the link page would say.
    const direct = await send('/_actions/lgpd.confirm', form({ token: '\u0000' }), FORM, 'POST', 'application/json');
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('"invalid"');
    await logCaughtUp(server);
    const log = server.output().slice(start);
    expect(log).not.toMatch(STACK_FRAME);
    expect(log).not.toContain('heitor');
  });

  it('a bad field posted without JavaScript comes back as the form with its pt-BR message (400)', async () => {
    const answer = await send(
      '/lgpd/solicitacao?_action=lgpd.request',
      form({ ...valid, cpf: '123.456.789-00' }),
      FORM,
    );
    expect(answer.status).toBe(400);
    const page = await answer.text();
    expect(page).toContain(dsrValidationMessages.cpf);
    expect(page).toContain('value="heitor.sigilo@example.com"');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('links that cannot be used get their pt-BR page, whatever their shape', async () => {
    for (const token of [
      '',
      'abc',
      '%00',
      'x'.repeat(3000),
      '<script>alert(1)</script>',
      randomBytes(32).toString('base64url'),
    ]) {
      const answer = await send(`/lgpd/confirmar?token=${encodeURIComponent(token)}`, undefined, undefined, 'GET');
      expect(answer.status, token.slice(0, 20)).toBe(404);
      const page = await answer.text();
      expect(page).toContain(dsrConfirmPage.invalid.title);
      expect(page).not.toContain('<script>alert(1)</script>');
      expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    }
    const doubled = await send('/lgpd/confirmar?token=a&token=b', undefined, undefined, 'GET');
    expect(doubled.status).toBe(404);
    const posted = await send('/lgpd/confirmar?_action=lgpd.confirm', form({ token: 'a'.repeat(5000) }), FORM);
    expect(posted.status).toBe(404);
    expect(await posted.text()).toContain(dsrConfirmPage.invalid.title);
  });

  it('the public forms share LEAD_RATE_LIMIT per address: the fourth filing in a minute is a 429 in pt-BR', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await send(
        '/_actions/lgpd.request',
        form({ ...valid, submission_key: `k-${i}-${randomBytes(4).toString('hex')}` }),
        FORM,
        'POST',
        'application/json',
      );
      statuses.push(last.status);
    }
    // Earlier cases of this file may already have counted against the window.
    expect(statuses.at(-1)).toBe(429);
    expect(((await last!.json()) as { message: string }).message).toBe(dsrAnswers.rateLimited);
  });
});
