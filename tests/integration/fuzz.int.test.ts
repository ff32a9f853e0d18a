/*
 * A fuzz of the public input, against the production build on the loopback interface:
 * a few thousand malformed bodies — broken JSON, wrong types, control characters and
 * broken Unicode, 1 MB strings, broken multipart, wrong content types — to every public
 * route that takes a body (the lead action, RPC and no-JavaScript form posts, the
 * implementation upload, Better Auth's endpoints, and every other on-demand public route
 * of the build). Not one answer may be a 5xx, nothing may print a stack trace or a
 * query, and afterwards the server is healthy and still saves a valid lead. The admin's
 * LGPD forms (the search's page, the export, the erase action), whose possible-match
 * inclusions and request ids come from the page, get the same treatment signed in as an admin.
 *
 * Seeded: the seed is printed, and FUZZ_SEED=<seed> replays the same requests
 * (FUZZ_REQUESTS changes how many). The rate limit is off for the server under test.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtRoutes } from '../support/built-routes';
import { ensureBuild } from '../support/ensure-build';
import { startBuiltServer, type RunningServer } from '../../scripts/support/server';
import { startCaptureSmtp, type CaptureSmtp } from '../../scripts/support/smtp';
import { adminCookie } from '../../scripts/support/blog-accounts';

const SEED = Number(process.env['FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const REQUESTS = Number(process.env['FUZZ_REQUESTS'] ?? 3000);
/** The admin's LGPD forms: a few routes, so far fewer requests cover them as well. */
const ADMIN_REQUESTS = Math.ceil(REQUESTS / 10);
const CONCURRENCY = 6;
const MEGABYTE = 1024 * 1024;
/** Stack frames as Node prints them: "    at fn (file:line:col)". */
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

/** mulberry32: small, fast and the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof generator>;

type Kind = 'lead' | 'implementation' | 'auth' | 'lgpdAdmin' | 'other';
interface Target {
  path: string;
  kind: Kind;
}

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const BASE: Record<Kind, Record<string, string>> = {
  lead: {
    nome: 'Fuzz Souza',
    email: 'fuzz@example.com',
    celular: '(11) 98765-4321',
    tipo: 'imobiliaria',
    empresa: 'Imobiliária Fuzz',
    mensagem: 'Olá',
    pagina_origem: 'http://localhost/planos',
    utm_source: 'google',
    submission_key: 'k',
    consent_version: 'v1',
  },
  implementation: {
    tipoDocumento: 'cpf',
    cpf: '529.982.247-25',
    nomeCompleto: 'Fuzz da Silva',
    celular: '(11) 98765-4321',
    email: 'fuzz@example.com',
    emailAcesso: 'acesso.fuzz@example.com',
    senha: 'senha do fuzz',
    cnpj: '',
    razaoSocial: '',
  },
  auth: { email: 'fuzz@example.com', password: 'Senha-Forte-123!', name: 'Fuzz', callbackURL: '/auth' },
  // An address nobody used, so that no mutation of it names a person the erase could reach.
  lgpdAdmin: {
    por: 'email',
    valor: 'ninguem.fuzz@example.com',
    include: 'lead:00000000-0000-4000-8000-000000000000',
    requestId: '00000000-0000-4000-8000-000000000000',
    modo: 'anonymize',
    confirmar: 'on',
  },
  other: { q: 'x' },
};

const PDF = bytes('%PDF-1.4\n%%EOF\n');

/** Control characters and broken text, as string pieces. */
const CONTROL = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
];
const ODD_TEXT = [
  '',
  ' ',
  'ção',
  '😀',
  '\u202e',
  '\ufeff',
  '\uffff',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
];

function textValue(r: Random, base: string, allowSurrogates: boolean): string {
  const pieces = [...CONTROL, ...ODD_TEXT, ...(allowSurrogates ? ['\ud800', '\udfff', '\udbff'] : [])];
  let value = base;
  const insertions = 1 + r.int(3);
  for (let i = 0; i < insertions; i++) {
    const at = r.int(value.length + 1);
    value = value.slice(0, at) + r.pick(pieces) + value.slice(at);
  }
  return value;
}

/** A JSON value of a type no field expects. */
function wrongJsonValue(r: Random, depth = 0): string {
  const choices = [
    '0',
    '-1',
    '1e309',
    '12345678901234567890123',
    'true',
    'null',
    '[]',
    '{}',
    '""',
    '"x"',
    `"${'a'.repeat(r.int(5000))}"`,
  ];
  if (depth < 3 && r.chance(0.3)) return `[${wrongJsonValue(r, depth + 1)},${wrongJsonValue(r, depth + 1)}]`;
  if (depth < 3 && r.chance(0.3))
    return `{"${r.pick(['a', 'nome', '__proto__', 'constructor'])}":${wrongJsonValue(r, depth + 1)}}`;
  return r.pick(choices);
}

/** JSON text of an object, with `\u` escapes written by hand so lone surrogates and NULs survive. */
function jsonText(fields: Record<string, string>): string {
  const escape = (text: string) =>
    `"${[...text]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (char.length === 1 && (code < 0x20 || (code >= 0xd800 && code <= 0xdfff)))
          return `\\u${code.toString(16).padStart(4, '0')}`;
        return char === '"' ? '\\"' : char === '\\' ? '\\\\' : char;
      })
      .join('')}"`;
  return `{${Object.entries(fields)
    .map(([key, value]) => `${escape(key)}:${escape(value)}`)
    .join(',')}}`;
}

/** A pair split by an insertion becomes U+FFFD, as a browser would send it (raw broken bytes come from `extra`). */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** Percent-encoding that may also put raw invalid UTF-8 and stray escapes in the body. */
function urlencoded(r: Random, fields: Record<string, string>): string {
  const extra = [
    '',
    '&',
    '&&=&',
    '&%zz=1',
    '&nome=segundo',
    '&nome%5B%5D=x',
    '&=vazio',
    '&%FF%FE=1',
    '&mensagem=%C0%80%ED%A0%80%FF',
    '&mensagem=%',
  ];
  return (
    Object.entries(fields)
      .map(([key, value]) => `${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(value))}`)
      .join('&') + r.pick(extra)
  );
}

interface Part {
  name: string;
  value: Uint8Array;
  filename?: string;
  type?: string;
}

function multipart(r: Random, parts: Part[], boundary: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const headers = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(bytes(headers), part.value, bytes('\r\n'));
  }
  chunks.push(bytes(`--${boundary}--\r\n`));
  const body = concat(...chunks);
  // Ways to break it.
  switch (r.int(9)) {
    case 0:
      return body.subarray(0, r.int(body.length)); // cut off anywhere
    case 1:
      return body.subarray(0, Math.max(0, body.length - boundary.length - 6)); // no closing boundary
    case 2:
      return bytes(new TextDecoder().decode(body).replaceAll('\r\n', '\n')); // LF only
    case 3: {
      const at = r.int(body.length);
      return concat(body.subarray(0, at), bytes(`\r\n--${boundary}\r\nX-Garbage\r\n\r\n`), body.subarray(at));
    }
    case 4:
      return concat(
        bytes(`--${boundary}\r\nContent-Disposition: form-data; name="${'h'.repeat(20_000)}"\r\n\r\nx\r\n`),
        body,
      );
    case 5:
      return concat(bytes(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nsem nome\r\n`), body);
    default:
      return body;
  }
}

interface Fuzzed {
  label: string;
  method: string;
  contentType?: string;
  body: Uint8Array;
}

function fuzzBody(r: Random, target: Target): Fuzzed {
  const base: Record<string, string> = {
    ...BASE[target.kind],
    ...(target.kind === 'lead' ? { submission_key: `fuzz-${r.int(1e9)}` } : {}),
  };
  const keys = Object.keys(base);
  const mutated = (allowSurrogates: boolean) => {
    const fields = { ...base };
    for (let i = 0; i <= r.int(3); i++) {
      const key = r.pick(keys);
      fields[key] = textValue(r, fields[key]!, allowSurrogates);
    }
    return fields;
  };
  const boundary = r.pick(['fuzz', 'x', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a b', '"q"', 'é', 'b'.repeat(80)]);
  const partsOf = (fields: Record<string, string>): Part[] => [
    ...Object.entries(fields).map(([name, value]) => ({ name, value: bytes(value) })),
    ...(target.kind === 'implementation' && r.chance(0.5)
      ? [
          {
            name: 'cnh',
            value: r.chance(0.5) ? PDF : bytes('MZ not a pdf'),
            filename: r.pick(['cnh.pdf', '', '../x', 'a\u0000.pdf']),
            type: 'application/pdf',
          },
        ]
      : []),
  ];
  const method = r.chance(0.9) ? 'POST' : r.pick(['PUT', 'PATCH', 'DELETE']);
  const family = r.int(9);
  switch (family) {
    case 0: {
      const valid = JSON.stringify(base);
      const broken = r.pick([
        '{',
        '[',
        '{"nome":',
        '{"nome":"x",}',
        'nul',
        '"\\u00"',
        '{"a":"\\ud800"}',
        '\ufeff{}',
        valid.slice(0, r.int(valid.length)),
        '['.repeat(1 + r.int(50_000)),
        `{"a":${'['.repeat(2000)}`,
      ]);
      return {
        label: 'broken JSON',
        method,
        contentType: r.pick(['application/json', 'application/json; charset=utf-8', 'application/problem+json']),
        body: bytes(broken),
      };
    }
    case 1: {
      const fields = keys.map((key) => `"${key}":${r.chance(0.5) ? wrongJsonValue(r) : JSON.stringify(base[key])}`);
      const body = r.chance(0.2) ? wrongJsonValue(r) : `{${fields.join(',')}}`;
      return { label: 'JSON of wrong types', method, contentType: 'application/json', body: bytes(body) };
    }
    case 2:
      return {
        label: 'JSON with control characters',
        method,
        contentType: 'application/json',
        body: bytes(jsonText(mutated(true))),
      };
    case 3:
      return {
        label: 'form with control characters or broken encoding',
        method,
        contentType: 'application/x-www-form-urlencoded',
        body: bytes(urlencoded(r, mutated(false))),
      };
    case 4:
      return {
        label: 'multipart with control characters',
        method,
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: multipart(r, partsOf(mutated(false)), boundary),
      };
    case 5: {
      const declared = r.pick([
        `multipart/form-data; boundary=${boundary}`,
        'multipart/form-data',
        'multipart/form-data; boundary=',
        `multipart/form-data; boundary=outro`,
      ]);
      return { label: 'broken multipart', method, contentType: declared, body: multipart(r, partsOf(base), boundary) };
    }
    case 6: {
      if (!r.chance(0.15)) return fuzzBody(r, target);
      // 1 MB strings: in a field of each format, or a body of nothing but.
      const huge = 'ç'.repeat(MEGABYTE / 2 + r.int(1000));
      const key = r.pick(keys);
      const how = r.int(4);
      if (how === 0)
        return {
          label: '1 MB string in JSON',
          method,
          contentType: 'application/json',
          body: bytes(JSON.stringify({ ...base, [key]: huge })),
        };
      if (how === 1)
        return {
          label: '1 MB string in a form',
          method,
          contentType: 'application/x-www-form-urlencoded',
          body: bytes(urlencoded(r, { ...base, [key]: huge })),
        };
      if (how === 2)
        return {
          label: '1 MB string in multipart',
          method,
          contentType: `multipart/form-data; boundary=${boundary}`,
          body: multipart(r, partsOf({ ...base, [key]: huge }), boundary),
        };
      const noise = new Uint8Array(MEGABYTE + r.int(1000));
      for (let i = 0; i < noise.length; i += 97) noise[i] = r.int(256);
      return {
        label: '1 MB of noise',
        method,
        contentType: r.pick([
          'application/json',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
        ]),
        body: noise,
      };
    }
    default: {
      // A plausible body under a content type that does not describe it, or none at all.
      const body = r.pick([
        bytes(JSON.stringify(base)),
        bytes(urlencoded(r, base)),
        multipart(r, partsOf(base), boundary),
        PDF,
      ]);
      const type = r.pick([
        undefined,
        'text/plain',
        'text/plain;charset=UTF-8',
        'application/xml',
        'image/png',
        'application/octet-stream',
        'application/x-www-form-urlencoded; charset=utf-16',
        'application/json; charset=latin1',
        'a/b/c;;;=',
        '*/*',
        'multipart/mixed; boundary=x',
      ]);
      return { label: `wrong content type (${type ?? 'none'})`, method, ...(type ? { contentType: type } : {}), body };
    }
  }
}

/** Every on-demand public route of the build that could take a body, with its parameters filled in. */
function targets(): Target[] {
  const ADMIN = ['/admin', '/blog/admin', '/api/admin'];
  const fromBuild = builtRoutes()
    .filter((route) => !route.prerender && (route.type === 'page' || route.type === 'endpoint'))
    .filter((route) => !ADMIN.some((area) => route.route === area || route.route.startsWith(`${area}/`)))
    .filter((route) => !route.route.startsWith('/api/auth/') && route.route !== '/api/implementacao')
    .map((route) => ({
      path: route.route.replace(/\[\.\.\.\w+\]|\[\w+\]/g, (param) => (param.includes('id') ? randomUUID() : 'x')),
      kind: 'other' as const,
    }));
  return [
    { path: '/_actions/lead', kind: 'lead' },
    { path: '/_actions/lead/', kind: 'lead' },
    { path: '/_actions/nao-existe', kind: 'lead' },
    { path: '/contato/enviar?_action=lead', kind: 'lead' },
    { path: '/contato/enviar', kind: 'lead' },
    { path: '/api/implementacao', kind: 'implementation' },
    ...[
      'sign-in/email',
      'sign-up/email',
      'sign-out',
      'send-verification-email',
      'request-password-reset',
      'reset-password',
      'reset-password/x',
      'update-user',
      'change-password',
      'admin/set-role',
      'admin/impersonate-user',
      'nao-existe',
    ].map((path) => ({ path: `/api/auth/${path}`, kind: 'auth' as const })),
    ...fromBuild,
  ];
}

/*
 * One request on its own connection (node:http, no keep-alive): each answer depends only on
 * its own request, and a client-side race on a reused connection cannot pass for a server fault.
 */
function send(url: string, method: string, headers: Record<string, string>, body: Uint8Array): Promise<number> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: hostname,
        port,
        method,
        path: pathname + search,
        agent: false,
        headers: { ...headers, 'Content-Length': String(body.byteLength) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

let smtp: CaptureSmtp;
let server: RunningServer;

beforeAll(async () => {
  ensureBuild();
  smtp = await startCaptureSmtp();
  server = await startBuiltServer({ SMTP_URL: smtp.url, LEAD_RATE_LIMIT: 'off' });
}, 600_000);

/** Sends `plan` six at a time; the failures (a 5xx, a dropped connection) and the answers by status. */
async function run(
  plan: { index: number; target: Target; origin: string; accept: string | undefined; fuzzed: Fuzzed }[],
  cookie?: string,
) {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < plan.length) {
      const { index, target, origin, accept, fuzzed } = plan[next++]!;
      const headers: Record<string, string> = {};
      if (fuzzed.contentType) headers['Content-Type'] = fuzzed.contentType;
      if (origin !== 'none') headers['Origin'] = origin === 'self' ? server.url : origin;
      if (accept) headers['Accept'] = accept;
      if (cookie) headers['Cookie'] = cookie;
      const what = `#${index} ${fuzzed.method} ${target.path} — ${fuzzed.label} (${fuzzed.body.length} bytes)`;
      try {
        const status = await send(`${server.url}${target.path}`, fuzzed.method, headers, fuzzed.body);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) failures.push(`${what}: ${status}`);
      } catch (error) {
        failures.push(`${what}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { failures, statuses };
}

/** Drawn up front, in order, so the seed alone decides every request whatever the timing. */
function planOf(r: Random, list: Target[], count: number) {
  return Array.from({ length: count }, (_, index) => {
    const target = r.pick(list);
    const origin = r.chance(0.9) ? 'self' : r.pick(['none', 'https://evil.example']);
    const accept = r.pick(['application/json', 'text/html', '*/*', undefined]);
    return { index, target, origin, accept, fuzzed: fuzzBody(r, target) };
  });
}

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

describe('fuzzing every public route that takes a body, and the admin LGPD forms', () => {
  it(`answers ${REQUESTS} malformed requests without a single 5xx (seed printed below)`, async () => {
    console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${REQUESTS} requests`);
    const plan = planOf(generator(SEED), targets(), REQUESTS);
    const logStart = server.output().length;
    const { failures, statuses } = await run(plan);
    console.log(`fuzz answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);

    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(server.process.exitCode).toBeNull();
    const log = server.output().slice(logStart);
    expect(log, `seed ${SEED}: a stack trace was logged`).not.toMatch(STACK_FRAME);
    expect(log).not.toContain('Failed query');
  }, 120_000);

  it(`answers ${ADMIN_REQUESTS} malformed posts to the admin's LGPD forms, signed in as an admin, without a 5xx`, async () => {
    const { cookie } = await adminCookie(server.url, server.dataDir, smtp);
    const lgpd = [
      '/admin/lgpd/titular',
      '/admin/lgpd/exportar',
      '/admin/lgpd/titular?_action=admin.lgpd.erase',
      '/_actions/admin.lgpd.erase',
    ].map((path) => ({ path, kind: 'lgpdAdmin' as const }));
    // Its own stream of the same seed: the public plan above stays as it was.
    const plan = planOf(generator(SEED ^ 0x1a5d), lgpd, ADMIN_REQUESTS);
    const logStart = server.output().length;
    const { failures, statuses } = await run(plan, cookie);
    console.log(`admin LGPD fuzz answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);

    expect(failures, `seed ${SEED}`).toEqual([]);
    // The admin got past the guard: the forms judged the input, not the role.
    expect([...statuses.keys()].filter((status) => status === 401)).toEqual([]);
    const log = server.output().slice(logStart);
    expect(log, `seed ${SEED}: a stack trace was logged`).not.toMatch(STACK_FRAME);
    expect(log).not.toContain('Failed query');
  }, 120_000);

  it('the server is healthy afterwards and a valid lead is still saved', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const answer = await fetch(`${server.url}/_actions/lead`, {
      method: 'POST',
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ ...BASE.lead, nome: 'Depois do Fuzz', submission_key: randomUUID() }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('saved');
    const mail = await smtp.waitFor((message) => message.subject?.includes('Depois do Fuzz') ?? false, 30_000);
    expect(mail.subject).toContain('Depois do Fuzz');
  });
});
