/*
 * Builds once before the scenarios run in parallel (each would otherwise check, and two
 * could build into the same BUILD_DIR at once); `npm test` has built already, so this is a
 * no-op there.
 */
import { ensureBuild } from '../support/ensure-build';

export default function setup(): void {
  ensureBuild();
}
