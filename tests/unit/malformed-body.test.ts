/*
 * Malformed bodies: the request pipeline's verdict on bodies (src/server/http/malformed-body.ts),
 * on real Request objects. The built server's answers are covered end to end in
 * tests/integration/malformed-input.int.test.ts and tests/integration/fuzz.int.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { inputMessages } from '~/messages/input';
import { COVER_UPLOAD_BODY_BYTES } from '~/lib/cover-image';
import { MAX_PARSED_BODY_BYTES, malformedBodyResponse } from '~/server/http/malformed-body';

const BASE = 'http://127.0.0.1:4321';

async function verdict(path: string, contentType: string | undefined, body: BodyInit | undefined, method = 'POST') {
  const url = new URL(path, BASE);
  const request = new Request(url, {
    method,
    ...(contentType ? { headers: { 'content-type': contentType } } : {}),
    ...(body !== undefined ? { body } : {}),
  });
  const response = await malformedBodyResponse(request, url);
  if (!response) return { status: 0, body: undefined, request };
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, request };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const URLENCODED = 'application/x-www-form-urlencoded';

describe('malformed bodies', () => {
  it('"{" as JSON to the lead action is a 400 in the shape the action client reads', async () => {
    const { status, body } = await verdict('/_actions/lead', 'application/json', '{');
    expect(status).toBe(400);
    expect(body).toEqual({
      type: 'AstroActionError',
      code: 'BAD_REQUEST',
      status: 400,
      message: inputMessages.malformedBody,
    });
  });

  it.each(['/api/consentimento-cookies', '/api/auth/sign-in/email', '/api/qualquer'])(
    'broken JSON to %s is a 400 with { error, message }',
    async (path) => {
      for (const broken of ['{', '[1,', '{"a":}', 'nul', '\u00ff{}', '{"a":"b"}}']) {
        const { status, body } = await verdict(path, 'application/json; charset=utf-8', broken);
        expect(status, broken).toBe(400);
        expect(body).toEqual({ error: inputMessages.malformedBody, message: inputMessages.malformedBody });
      }
    },
  );

  it('JSON that is not an object is malformed: no endpoint takes anything else', async () => {
    for (const json of ['[]', '"x"', '0', 'null', 'true', '[{"email":"a@b.c"}]']) {
      const { status, body } = await verdict('/api/auth/update-user', 'application/json', json);
      expect(status, json).toBe(400);
      expect(body?.['message']).toBe(inputMessages.malformedBody);
    }
  });

  it('a form post to an action (?_action=) must be a form: JSON there is a 415', async () => {
    const { status, body } = await verdict('/contato/enviar?_action=lead', 'application/json', '{"nome":"Ana"}');
    expect(status).toBe(415);
    expect(body?.['message']).toBe(inputMessages.unsupportedMediaType);
  });

  it('JSON that is not UTF-8 is malformed', async () => {
    const { status } = await verdict('/api/auth/sign-in/email', 'application/json', new Uint8Array([0x22, 0xff, 0x22]));
    expect(status).toBe(400);
  });

  it('a control character or a lone surrogate in any JSON string, keys included, is refused', async () => {
    for (const json of [
      '{"email":"a\\u0000@example.com"}',
      '{"nested":[{"deep":"x\\u001by"}]}',
      '{"a\\u0007":1}',
      '{"name":"\\ud800"}',
    ]) {
      const { status, body } = await verdict('/api/auth/sign-up/email', 'application/json', json);
      expect(status, json).toBe(400);
      expect(body?.['message']).toBe(inputMessages.invalidCharacters);
    }
  });

  it('valid JSON with ordinary text (newlines, emoji) goes through, and the action can still read the body', async () => {
    const json = JSON.stringify({ title: 'Olá 😀', body: 'linha 1\nlinha 2\ttab' });
    const { status, request } = await verdict('/_actions/posts.create', 'application/json', json);
    expect(status).toBe(0);
    expect(await request.json()).toEqual(JSON.parse(json));
  });

  it('broken multipart to an action, RPC or form post, is a 400', async () => {
    for (const path of ['/_actions/lead', '/contato/enviar?_action=lead']) {
      const { status, body } = await verdict(path, 'multipart/form-data; boundary=xyz', 'garbage without parts');
      expect(status, path).toBe(400);
      expect(body?.['message']).toBe(inputMessages.malformedBody);
    }
    const noBoundary = await verdict('/_actions/lead', 'multipart/form-data', '--x\r\n\r\n');
    expect(noBoundary.status).toBe(400);
  });

  it('a well-formed lead form goes through untouched: its field messages come from the schema', async () => {
    const { status } = await verdict('/_actions/lead', URLENCODED, form({ nome: 'Ana', mensagem: 'a\u0000b' }));
    expect(status).toBe(0);
  });

  it('an action called with a body that is neither a form nor JSON is a 415', async () => {
    for (const type of ['text/plain', 'application/xml', 'image/png', undefined]) {
      const { status, body } = await verdict('/_actions/lead', type, 'nome=Ana');
      expect(status, String(type)).toBe(415);
      expect(body?.['message']).toBe(inputMessages.unsupportedMediaType);
    }
  });

  it('Better Auth form bodies must parse and follow the text rule', async () => {
    const nul = await verdict('/api/auth/sign-in/email', URLENCODED, form({ email: 'a\u0000@x.com', password: 'x' }));
    expect(nul.status).toBe(400);
    expect(nul.body?.['message']).toBe(inputMessages.invalidCharacters);
    const broken = await verdict('/api/auth/sign-in/email', 'multipart/form-data; boundary=b', '--b\r\nbroken');
    expect(broken.status).toBe(400);
    const fine = await verdict('/api/auth/sign-in/email', URLENCODED, form({ email: 'a@x.com', password: 'x' }));
    expect(fine.status).toBe(0);
  });

  it('bodies our own routes stream are left to them (the implementation upload)', async () => {
    expect((await verdict('/api/implementacao', 'multipart/form-data; boundary=b', 'garbage')).status).toBe(0);
  });

  describe('the cover upload action', () => {
    const BOUNDARY = 'capa';
    const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
    /** A well-formed multipart body with one file of `size` bytes under `cover`. */
    const upload = (size: number) =>
      new Blob([
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cover"; filename="capa.png"\r\nContent-Type: image/png\r\n\r\n`,
        new Uint8Array(size),
        `\r\n--${BOUNDARY}--\r\n`,
      ]);

    it('takes a file of up to 5 MB, where other actions stop at 1 MB', async () => {
      const fiveMegabytes = await upload(5 * 1024 * 1024).arrayBuffer();
      expect((await verdict('/_actions/posts.uploadCover', TYPE, fiveMegabytes)).status).toBe(0);
      expect((await verdict('/_actions/lead', TYPE, fiveMegabytes)).status).toBe(413);
      expect((await verdict('/_actions/posts.create', TYPE, fiveMegabytes)).status).toBe(413);
    });

    it('refuses more than the upload limit, and broken multipart, like any action', async () => {
      const tooBig = await upload(COVER_UPLOAD_BODY_BYTES).arrayBuffer();
      const big = await verdict('/_actions/posts.uploadCover', TYPE, tooBig);
      expect(big.status).toBe(413);
      expect(big.body?.['message']).toBe(inputMessages.bodyTooLarge);
      const broken = await verdict('/_actions/posts.uploadCover', TYPE, 'garbage without parts');
      expect(broken.status).toBe(400);
      expect(broken.body?.['message']).toBe(inputMessages.malformedBody);
      // Not a form at all: refused before Astro reads it.
      expect((await verdict('/_actions/posts.uploadCover', 'image/png', new Uint8Array([1, 2, 3]))).status).toBe(415);
    });
  });

  it('past 1 MB a JSON or action body is a 413, read no further', async () => {
    const big = `{"a":"${'x'.repeat(MAX_PARSED_BODY_BYTES)}"}`;
    const json = await verdict('/api/auth/sign-up/email', 'application/json', big);
    expect(json.status).toBe(413);
    expect(json.body?.['message']).toBe(inputMessages.bodyTooLarge);
    const action = await verdict('/_actions/lead', URLENCODED, `mensagem=${'x'.repeat(MAX_PARSED_BODY_BYTES)}`);
    expect(action.status).toBe(413);
  });

  it('requests without a body method are never judged', async () => {
    expect((await verdict('/_actions/lead', 'application/json', undefined, 'GET')).status).toBe(0);
  });
});
