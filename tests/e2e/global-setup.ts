import { resolveChromium } from '../support/chromium';
import { startBuiltServer } from '../support/server';

/*
 * One production server for the whole e2e run, on a free port with a throwaway
 * data folder. Workers read its address from the environment.
 */
export default async function globalSetup() {
  await resolveChromium();
  const server = await startBuiltServer({ LEAD_RATE_LIMIT: 'off' });
  process.env['E2E_BASE_URL'] = server.url;
  process.env['E2E_DATA_DIR'] = server.dataDir;
  return async () => {
    await server.stop();
  };
}
