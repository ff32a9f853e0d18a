/*
 * Visitors submitting the lead form while the chaos happens. `concurrency` clients post
 * `total` distinct leads through the real endpoints — the island's action
 * (`/_actions/lead`, JSON answer) and, for every fourth lead, the form without JavaScript
 * (`/contato/enviar?_action=lead`, 303 to /obrigado) — to the server instances that are up,
 * taking turns between them.
 *
 * A lead is accepted only when its visitor saw success. A post that is cut off (the server
 * was killed, refused the connection, answered 5xx) is sent again with the same submission
 * key, as the form does when the visitor tries again, until it is accepted: every lead ends
 * up accepted, and the server must have kept exactly one row for each. Any other answer
 * (4xx, an unexpected body) stops the load with an error: the chaos must not change what
 * a valid lead gets.
 */
import { randomUUID } from 'node:crypto';

export const LEAD_NOTIFY_TO = 'comercial@chaos.example';

export type Via = 'action' | 'form';

export interface AcceptedLead {
  email: string;
  submissionKey: string;
  via: Via;
  /** Posts it took (1 unless a post was cut off). */
  posts: number;
  /** Which instance (base URL) accepted it. */
  instance: string;
}

export interface LeadLoad {
  /** Accepted leads by e-mail address (unique per lead). */
  accepted: Map<string, AcceptedLead>;
  /** Every answer by kind, e.g. `action 200 saved`, `cut off: ECONNRESET`. */
  answers: Map<string, number>;
  posts: () => number;
  /** Resolves once every lead is accepted; rejects on an unexpected answer or after `timeoutMs`. */
  done: Promise<void>;
}

export interface LeadLoadOptions {
  /** Tags the leads' e-mail addresses; one per scenario. */
  runId: string;
  total: number;
  concurrency: number;
  /** Base URLs of the instances accepting requests now (none while a server is down). */
  instances: () => string[];
  timeoutMs: number;
}

const TIPOS = ['proprietario', 'corretor', 'administrador', 'imobiliaria'] as const;
const FORM_ENDPOINT = '/contato/enviar?_action=lead';
const ACTION_ENDPOINT = '/_actions/lead';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function leadFields(runId: string, n: number, submissionKey: string, base: string): URLSearchParams {
  const tipo = TIPOS[n % TIPOS.length]!;
  return new URLSearchParams({
    nome: `Caos ${runId} ${n}`,
    email: `lead${n}@${runId}.chaos.example`,
    celular: '(11) 98765-4321',
    tipo,
    empresa: tipo === 'proprietario' ? '' : 'Imobiliária Caos',
    pagina_origem: `${base}/planos`,
    utm_source: 'chaos',
    submission_key: submissionKey,
    consent_version: 'v1',
  });
}

type Answer = { accepted: true; kind: string } | { accepted: false; kind: string; retry: boolean };

async function post(base: string, via: Via, body: URLSearchParams): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(`${base}${via === 'form' ? FORM_ENDPOINT : ACTION_ENDPOINT}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: base,
        Accept: via === 'form' ? 'text/html' : 'application/json',
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { accepted: false, kind: `cut off: ${cause?.code ?? (error as Error).name}`, retry: true };
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 500) return { accepted: false, kind: `${via} ${response.status}`, retry: true };
  if (via === 'form') {
    const location = response.headers.get('location') ?? '';
    if (response.status === 303 && location.endsWith('/obrigado'))
      return { accepted: true, kind: 'form 303 /obrigado' };
    return { accepted: false, kind: `form ${response.status} ${location}`, retry: false };
  }
  // Astro answers an action in devalue's flat form: `[{"outcome":1},"saved"]` (values by index).
  let outcome: unknown;
  try {
    const flat = JSON.parse(text) as [{ outcome?: number }, ...unknown[]];
    outcome = flat[flat[0].outcome ?? -1];
  } catch {
    outcome = undefined;
  }
  if (response.status === 200 && outcome === 'saved') return { accepted: true, kind: 'action 200 saved' };
  // 'warning' (e-mailed, not saved yet: the database was unreachable) is kept as a retry: saved later under the same key.
  if (response.status === 200 && outcome === 'warning')
    return { accepted: false, kind: 'action 200 warning', retry: true };
  return { accepted: false, kind: `action ${response.status} ${text.slice(0, 200)}`, retry: false };
}

export function startLeadLoad(options: LeadLoadOptions): LeadLoad {
  const { runId, total, concurrency, instances, timeoutMs } = options;
  const accepted = new Map<string, AcceptedLead>();
  const answers = new Map<string, number>();
  const giveUpAt = Date.now() + timeoutMs;
  let next = 0;
  let posts = 0;
  let turn = 0;
  let failed = false;

  const client = async () => {
    while (next < total && !failed) {
      const n = next++;
      const via: Via = n % 4 === 3 ? 'form' : 'action';
      const submissionKey = randomUUID();
      for (let tries = 1; !failed; tries++) {
        if (Date.now() > giveUpAt) throw new Error(`lead ${n} not accepted within ${timeoutMs} ms`);
        let up = instances();
        while (up.length === 0 && Date.now() < giveUpAt) {
          await sleep(50);
          up = instances();
        }
        if (up.length === 0) continue;
        const base = up[turn++ % up.length]!;
        const body = leadFields(runId, n, submissionKey, base);
        posts++;
        const answer = await post(base, via, body);
        answers.set(answer.kind, (answers.get(answer.kind) ?? 0) + 1);
        if (answer.accepted) {
          accepted.set(body.get('email')!, {
            email: body.get('email')!,
            submissionKey,
            via,
            posts: tries,
            instance: base,
          });
          break;
        }
        if (!answer.retry) throw new Error(`lead ${n}: unexpected answer "${answer.kind}"`);
        await sleep(100);
      }
    }
  };

  return {
    accepted,
    answers,
    posts: () => posts,
    done: Promise.all(
      Array.from({ length: concurrency }, () =>
        client().catch((error: unknown) => {
          failed = true;
          throw error;
        }),
      ),
    ).then(() => undefined),
  };
}
