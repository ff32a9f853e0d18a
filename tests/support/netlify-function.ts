/*
 * A Netlify function of a build, running as on Netlify: its handler is imported in a
 * plain Node process (tests/support/netlify-function-host.mjs) and called with a real
 * `Request` per HTTP request. Vitest's own workers resolve packages with the
 * `development` export condition, which the function's traced node_modules do not carry.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, stopChild } from '../../scripts/support/server';

export interface NetlifyFunction {
  url: string;
  output: () => string;
  /** Resolves once every promise the function handed to `context.waitUntil` so far has settled. */
  waitUntilSettled: () => Promise<{ settled: number; rejected: number }>;
  stop: () => Promise<void>;
}

const HOST = fileURLToPath(new URL('./netlify-function-host.mjs', import.meta.url));

/** Starts the function at `entry` with exactly `env` (plus PATH), as Netlify would give it. */
export async function startNetlifyFunction(entry: string, env: Record<string, string>): Promise<NetlifyFunction> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [HOST, entry, String(port)], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!output.includes('listening')) {
    if (child.exitCode !== null) throw new Error(`the function host exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the function host did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    waitUntilSettled: async () =>
      (await (await fetch(`http://127.0.0.1:${port}/.netlify-host/wait-until`)).json()) as {
        settled: number;
        rejected: number;
      },
    stop: () => stopChild(child, 5_000),
  };
}
