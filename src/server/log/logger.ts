/*
 * The server's one logger: pino, one JSON object per line on stdout, e.g.
 *   {"level":"info","time":"2026-…","pid":1,"hostname":"web-1","component":"runtime","msg":"embedded database ready"}
 *   {"level":"info",…,"reqId":"…","method":"POST","route":"/_actions/[...path]","status":200,"ms":12.3,"msg":"request"}
 *
 * - A line written while a request is handled carries its `reqId` (an AsyncLocalStorage
 *   set by scripts/serve.mjs, or by the middleware where there is no serve.mjs), so the
 *   request line and everything the request logged can be joined.
 * - Never personal data: callers log ids, counts, classes and route patterns; redaction of
 *   personal field names and masking of e-mails, CPF/CNPJ and phones in messages is the
 *   second line of defence (./personal-data.ts).
 * - LOG_LEVEL (default info) and LOG_FORMAT: `json`, or `pretty` for a person at a terminal
 *   (the default when stdout is a terminal, e.g. `npm run dev`). Read here, not through
 *   config.ts: the logger exists before the configuration is parsed, and reports its errors.
 *
 * scripts/serve.mjs imports this file directly while the server bundle has its own copy,
 * hence the `.ts` imports and the request store kept on globalThis (one for both copies).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname } from 'node:os';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import { maskPersonalData, redactPersonalData } from './personal-data.ts';
import { prettyDestination } from './pretty.ts';

export type { Logger } from 'pino';

export interface RequestContext {
  /** Also the X-Request-Id response header. */
  readonly id: string;
  /** The route pattern that handled it (set by the middleware), or what served it outside Astro. */
  route?: string | undefined;
}

const STORE = Symbol.for('pilota.log.requestContext');
const holder = globalThis as typeof globalThis & { [STORE]?: AsyncLocalStorage<RequestContext> };
/** The request being handled on this async path, if any. */
export const requestContext: AsyncLocalStorage<RequestContext> = (holder[STORE] ??= new AsyncLocalStorage());

const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

function levelFromEnv(value: string | undefined): Level | 'silent' {
  const wanted = value?.trim().toLowerCase();
  return wanted === 'silent' || LEVELS.includes(wanted as Level) ? (wanted as Level | 'silent') : 'info';
}

export interface LoggerOptions {
  level?: string | undefined;
  format?: string | undefined;
  /** Where lines go (tests); stdout by default. */
  destination?: DestinationStream;
}

/** A logger with the server's settings; the process's own is `logger`. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const pretty = options.format ? options.format === 'pretty' : process.stdout.isTTY === true;
  const destination =
    options.destination ?? (pretty ? prettyDestination(process.stdout) : pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level: levelFromEnv(options.level),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: (fields) => redactPersonalData(fields) },
      mixin: () => {
        const request = requestContext.getStore();
        return request ? { reqId: request.id } : {};
      },
      hooks: {
        logMethod(args, method) {
          // The message (and its format arguments) are masked like the fields.
          const masked = args.map((arg) => (typeof arg === 'string' ? maskPersonalData(arg) : arg));
          return method.apply(this, masked as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

/*
 * The logger is the one module-level root outside the composition root (src/server/compose.ts),
 * on purpose: log lines are written from everywhere — module top levels, the boot before any
 * runtime exists, scripts and Netlify functions — and it holds no data of its own, only
 * where lines go (stdout, set once from LOG_FORMAT/LOG_LEVEL). `sink` changes only in tests,
 * through `redirectLog`, to read what the server logged.
 */
const format = process.env['LOG_FORMAT'];
const stdout: DestinationStream = (format ? format === 'pretty' : process.stdout.isTTY === true)
  ? prettyDestination(process.stdout)
  : pino.destination({ dest: 1, sync: true });
let sink = stdout;

const toSink: DestinationStream = { write: (line: string) => sink.write(line) };

/** The process's logger. Its lines go to stdout unless a test redirects them (`redirectLog`). */
export const logger: Logger = createLogger({ level: process.env['LOG_LEVEL'], destination: toSink });

export interface RequestLineFields {
  /** A UUID made by the server. */
  reqId: string;
  /** One of a fixed list of methods. */
  method: string;
  /** A route pattern or a path of the build; null when unknown. */
  route: string | null;
  status: number;
  ms: number;
  aborted?: boolean;
}

const REQUEST_LINE_BASE = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/**
 * Writes one request line (src/server/http/request-log.ts) in the same shape as the logger's
 * lines, built by hand: it is written for every request, static files included, and pino's
 * general path (bindings, mixin, redaction, masking) cost a quarter of serving a static file.
 * Safe without redaction: every field comes from the server, not from the request as sent.
 */
export function writeRequestLine(fields: RequestLineFields): void {
  if (!logger.isLevelEnabled('info')) return;
  const route = fields.route === null ? 'null' : JSON.stringify(fields.route);
  toSink.write(
    `{"level":"info","time":"${new Date().toISOString()}"${REQUEST_LINE_BASE},"reqId":"${fields.reqId}",` +
      `"method":"${fields.method}","route":${route},"status":${fields.status},"ms":${fields.ms}` +
      `${fields.aborted ? ',"aborted":true' : ''},"msg":"request"}\n`,
  );
}

/**
 * Sends the process's log lines to `destination` until the returned function is called:
 * lets an in-process test read what the server would have printed.
 */
export function redirectLog(destination: DestinationStream): () => void {
  const previous = sink;
  sink = destination;
  return () => {
    sink = previous;
  };
}

/**
 * The logger of one part of the server: its lines carry `component`. A service that logs takes
 * one as its `log` (src/server/service-deps.ts), so tests can hand it a capturing logger.
 */
export function componentLogger(component: string): Logger {
  return logger.child({ component });
}
