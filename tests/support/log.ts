/*
 * Reading the server's log (JSON lines, src/server/log/logger.ts) in tests: as entries, or
 * as the short "[component] message" lines a person reads — the form most assertions use.
 */
import { redirectLog } from '../../src/server/log/logger';

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
