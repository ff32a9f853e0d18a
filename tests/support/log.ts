/*
 * Reading the server's log (JSON lines, src/server/log/logger.ts) in tests: as entries, or
 * as the short "[component] message" lines a person reads — the form most assertions use.
 */
import { createLogger, redirectLog, type Logger } from '../../src/server/log/logger';
import { until } from './until';

export interface LogEntry {
  level: string;
  msg: string;
  component?: string;
  reqId?: string;
  [field: string]: unknown;
}

/** Every JSON log line of `output` (anything else a process printed is skipped). */
export function logEntries(output: string): LogEntry[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as LogEntry];
    } catch {
      return [];
    }
  });
}

/** `[component] message` per log entry; lines that are not JSON are kept as they are. */
export function logLines(output: string): string[] {
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [entry] = logEntries(line);
      if (!entry) return line;
      return entry.component ? `[${entry.component}] ${entry.msg}` : entry.msg;
    });
}

/** Collects what this process logs until `stop()` (in-process services, not a spawned server). */
export function captureLog(): { output: () => string; stop: () => void } {
  let output = '';
  const stop = redirectLog({ write: (line: string) => void (output += line) });
  return { output: () => output, stop };
}

/** A service's `log` that writes nothing (tests that do not read it). */
export const quietLog: Logger = createLogger({ level: 'silent', destination: { write: () => undefined } });

/**
 * A service's `log` whose lines land in `lines` as `[component] message` (`logLines`), with
 * the server's settings (redaction and masking included): what it would have printed.
 */
export function logCapture(component?: string, lines: string[] = []): { log: Logger; lines: string[] } {
  const log = createLogger({ destination: { write: (line: string) => void lines.push(...logLines(line)) } });
  return { log: component ? log.child({ component }) : log, lines };
}

/**
 * Resolves once a running server has printed what it logs for the requests answered before
 * this call: it asks `/api/health` and waits for that request's own log line (every request
 * gets one when its answer is finished, src/server/http/request-log.ts), which comes after
 * theirs. A check that something was *not* logged needs this instead of a pause.
 */
export async function logCaughtUp(server: { url: string; output: () => string }): Promise<void> {
  const response = await fetch(`${server.url}/api/health`);
  await response.arrayBuffer();
  const id = response.headers.get('x-request-id');
  if (!id) throw new Error('the server sent no X-Request-Id to wait for');
  await until(() => (server.output().includes(`"reqId":"${id}"`) ? true : undefined));
}
