import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const WEB_BUILD = fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url));

/** The e2e servers serve the web app as built by `npm run build`; the e2e run never builds it. */
export default function globalSetup(): void {
  if (!existsSync(WEB_BUILD)) throw new Error(`No web build at ${WEB_BUILD}: run \`npm run build\` at the repository root before the e2e tests.`);
}
