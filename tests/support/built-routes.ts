/*
 * The route table of the production build (BUILD_DIR, default dist), read from the
 * server bundle where Astro serialises its manifest. It lists what the server really
 * routes — pages, endpoints and the routes Astro or integrations inject — so a test
 * driven by it covers a new route the day it is built, wherever its file lives.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface BuiltRoute {
  /** Astro's route pattern, e.g. `/blog/admin/posts/[id]` (what `context.routePattern` says). */
  route: string;
  type: 'page' | 'endpoint' | 'redirect' | 'fallback';
  /** The source file, e.g. `src/pages/blog/admin/index.astro`. */
  component: string;
  prerender: boolean;
}

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return serverFiles(full);
    return entry.endsWith('.mjs') ? [full] : [];
  });
}

const ROUTE_DATA =
  /"routeData":\{"route":"([^"]+)","isIndex":(?:true|false),"type":"(\w+)",.*?"component":"([^"]+)",.*?"prerender":(true|false)/g;

/** Every route of the build, once each; throws when the manifest cannot be found. */
export function builtRoutes(buildDir = process.env.BUILD_DIR ?? 'dist'): BuiltRoute[] {
  const routes = new Map<string, BuiltRoute>();
  for (const file of serverFiles(join(buildDir, 'server'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(ROUTE_DATA)) {
      const [, route, type, component, prerender] = match;
      routes.set(route!, {
        route: route!,
        type: type as BuiltRoute['type'],
        component: component!,
        prerender: prerender === 'true',
      });
    }
  }
  if (routes.size === 0) throw new Error(`no route manifest found under ${buildDir}/server`);
  return [...routes.values()];
}
