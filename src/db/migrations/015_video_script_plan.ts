import type { Kysely } from 'kysely';

/**
 * videos.script_plan: the finished video's narration as the pipeline planned it (sentences with
 * their scene cues, and which writer wrote it: builtin, llm or override), JSON; null for kinds
 * without a written script and for videos made before. A full video made from a preview whose
 * script an LLM wrote says that same plan instead of asking the LLM again (docs/api.md "Previews").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('script_plan', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('script_plan').execute();
}
