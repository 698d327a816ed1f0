import { createApp } from '../app.ts';
import { loadConfig } from '../config/config.ts';
import { openDb } from '../db/database.ts';

/** The OpenAPI document exactly as the server serves it at /openapi.json, as committed text. */
export async function renderOpenApi(): Promise<string> {
  const db = openDb({ sqliteFile: ':memory:' });
  const running = await createApp(loadConfig({}), { db, logger: false });
  try {
    await running.app.ready();
    return `${JSON.stringify(running.app.swagger(), null, 2)}\n`;
  } finally {
    await running.close();
    await db.close();
  }
}

export const OPENAPI_PATH = 'docs/openapi.json';
