import fs from 'node:fs';
import path from 'node:path';
import { buildDashboard } from '../../scripts/build-dashboard.ts';
import { DASHBOARD_DIST } from '../../src/dashboard/dashboard.routes.ts';

const source = path.resolve(import.meta.dirname, '..', '..', 'web', 'dashboard');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds dist/dashboard unless it is there and newer than every source file (`npm test` builds it first). */
export async function ensureDashboardBuilt(): Promise<void> {
  const index = path.join(DASHBOARD_DIST, 'index.html');
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= newestSource(source)) return;
  await buildDashboard();
}
