import type { Kysely } from 'kysely';

/**
 * products.language: the language the product's own text is written in (detected when the product
 * is created or updated; an extension field of the product record).
 * videos.warnings: JSON array of strings, what went wrong but did not stop the video (media that
 * did not load), shown by GET /v1/project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('language', 'text').execute();
  await db.schema.alterTable('videos').addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}
