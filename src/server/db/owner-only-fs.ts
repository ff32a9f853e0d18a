/*
 * The embedded database's files, owner-only from the moment PGlite creates them. PGlite's
 * file system (Emscripten over Node's fs) applies PostgreSQL's own idea of file modes with an
 * explicit chmod after creating a file, and that idea is 0666 minus Emscripten's umask (022 or
 * none), not the process umask: relation files, WAL segments and the relcache init files made
 * while the server runs came out readable by others until the next start's walk
 * (src/server/owner-only.ts) closed them. This file system takes group and other bits out of
 * every mode before it reaches the disk, so nothing is ever open, not even for a moment.
 */
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenFs = Record<'chmod' | 'mknod', (path: unknown, mode: number, ...rest: unknown[]) => unknown>;
type ModuleOptions = Parameters<NodeFS['init']>[1];

/** Group and other permission bits, and setuid/setgid/sticky: never on DATA_DIR's files. */
const NOT_OWNER = 0o7077;

/** Wraps the Emscripten FS calls that set a mode, so the mode loses its group and other bits. */
function keepModesOwnerOnly(fs: EmscriptenFs): void {
  for (const name of ['chmod', 'mknod'] as const) {
    const original = fs[name].bind(fs);
    // A file type sits above the permission bits and is kept.
    fs[name] = (path, mode, ...rest) => original(path, mode & ~NOT_OWNER, ...rest);
  }
}

/** PGlite's Node file system for `dataDir`, with every file and folder created owner-only. */
export class OwnerOnlyNodeFS extends NodeFS {
  override async init(pg: PGlite, options: ModuleOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: { FS: unknown }) => keepModesOwnerOnly(mod.FS as EmscriptenFs),
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}
