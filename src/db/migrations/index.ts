import type { Migration } from 'kysely';
import * as m001 from './001_initial.ts';
import * as m002 from './002_jobs_and_webhooks.ts';
import * as m003 from './003_language_and_warnings.ts';
import * as m004 from './004_storage.ts';
import * as m005 from './005_custom_voices.ts';
import * as m006 from './006_video_kinds.ts';
import * as m007 from './007_custom_templates.ts';
import * as m008 from './008_assets.ts';
import * as m009 from './009_custom_avatars.ts';
import * as m010 from './010_request_webhooks.ts';
import * as m011 from './011_ai_script_tasks.ts';
import * as m012 from './012_product_avatars.ts';
import * as m013 from './013_storage_keys.ts';
import * as m015 from './015_video_script_plan.ts';
import * as m016 from './016_avatar_jobs_and_bytes.ts';
import * as m018 from './018_video_avatars.ts';

/** Numbered, append-only. Never edit a migration that has shipped; add the next number. */
export const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_jobs_and_webhooks': m002,
  '003_language_and_warnings': m003,
  '004_storage': m004,
  '005_custom_voices': m005,
  '006_video_kinds': m006,
  '007_custom_templates': m007,
  '008_assets': m008,
  '009_custom_avatars': m009,
  '010_request_webhooks': m010,
  '011_ai_script_tasks': m011,
  '012_product_avatars': m012,
  '013_storage_keys': m013,
  '015_video_script_plan': m015,
  '016_avatar_jobs_and_bytes': m016,
  '018_video_avatars': m018,
};
