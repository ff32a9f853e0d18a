/*
 * LOG_FORMAT=pretty (the default at a terminal): the same lines as the JSON log, for a
 * person — `12:04:05 INFO  [runtime] embedded database ready` and
 * `12:04:06 INFO  POST /_actions/[...path] 200 12.3 ms #4f1c…`. Small on purpose (no
 * pino-pretty): it only formats what logger.ts writes, after redaction and masking.
 */
import type { DestinationStream } from 'pino';

const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'component', 'msg', 'reqId']);

/** One JSON log line as a readable line (without the newline). */
export function formatPretty(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.trimEnd();
  }
  const time = typeof entry['time'] === 'string' ? entry['time'].slice(11, 19) : '';
  const level = String(entry['level'] ?? '')
    .toUpperCase()
    .padEnd(5);
  const reqId = typeof entry['reqId'] === 'string' ? ` #${entry['reqId'].slice(0, 8)}` : '';
  if (entry['msg'] === 'request') {
    const { method, route, status, ms } = entry;
    return `${time} ${level} ${String(method)} ${String(route)} ${String(status)} ${String(ms)} ms${reqId}`;
  }
  const component = typeof entry['component'] === 'string' ? `[${entry['component']}] ` : '';
  const extra = Object.entries(entry)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `${time} ${level} ${component}${String(entry['msg'] ?? '')}${extra ? ` ${extra}` : ''}${reqId}`;
}

export function prettyDestination(out: NodeJS.WritableStream): DestinationStream {
  return { write: (line: string) => void out.write(`${formatPretty(line)}\n`) };
}
