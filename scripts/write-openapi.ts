// Regenerates docs/openapi.json from the route schemas (npm run openapi). CI fails when it drifts.
import fs from 'node:fs';
import { OPENAPI_PATH, renderOpenApi } from '../src/http/openapi.ts';

fs.writeFileSync(OPENAPI_PATH, await renderOpenApi());
process.stdout.write(`wrote ${OPENAPI_PATH}\n`);
