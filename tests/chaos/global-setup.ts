/*
 * Before the scenarios run in parallel: build once (each would otherwise check, and two could
 * build into the same BUILD_DIR at once; `npm test` has built already, so this is a no-op
 * there), and prepare an embedded database the way a first start leaves it — created,
 * migrated, pg-boss installed — for the embedded scenarios to copy. That first start is the
 * costliest part of booting a server (about three times a later start on the 2-core machine)
 * and says nothing about chaos; every scenario still starts the real server on its copy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBuild } from '../support/ensure-build';
import { startBuiltServer } from '../../scripts/support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose embedded database a server has created and migrated (copy it, never use it). */
    chaosEmbeddedTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  ensureBuild();
  const template = mkdtempSync(join(tmpdir(), 'pilota-chaos-template-'));
  const server = await startBuiltServer({ DATA_DIR: template, DATABASE_URL: '' });
  await server.stop();
  project.provide('chaosEmbeddedTemplate', template);
  return () => rmSync(template, { recursive: true, force: true });
}
