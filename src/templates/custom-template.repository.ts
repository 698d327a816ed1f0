import type { Kysely } from 'kysely';
import type { CustomTemplateRow, Database } from '../db/schema.ts';
import type { CustomScene } from '../pipeline/templates/custom-scene.ts';

export interface CustomTemplate {
  id: number;
  accountId: string;
  name: string;
  aspectRatio: 0 | 1 | 2;
  scene: CustomScene;
  fileToken: string;
  coverKey: string | null;
  previewKey: string | null;
  createdAt: number;
}

function fromRow(r: CustomTemplateRow): CustomTemplate {
  return {
    id: Number(r.id),
    accountId: r.account_id,
    name: r.name,
    aspectRatio: r.aspect_ratio as 0 | 1 | 2,
    scene: JSON.parse(r.scene) as CustomScene,
    fileToken: r.file_token,
    coverKey: r.cover_key,
    previewKey: r.preview_key,
    createdAt: Number(r.created_at),
  };
}

/** The SQL of custom templates (migration 007). Deleted rows are invisible here. */
export class CustomTemplateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(t: Omit<CustomTemplate, 'coverKey' | 'previewKey'>): Promise<void> {
    await this.db
      .insertInto('custom_templates')
      .values({
        id: t.id,
        account_id: t.accountId,
        name: t.name,
        aspect_ratio: t.aspectRatio,
        scene: JSON.stringify(t.scene),
        file_token: t.fileToken,
        cover_key: null,
        preview_key: null,
        created_at: t.createdAt,
        deleted_at: null,
      })
      .execute();
  }

  /** Any live template by id, whoever owns it (the public cover/preview route checks the token). */
  async byId(id: number): Promise<CustomTemplate | undefined> {
    const r = await this.db.selectFrom('custom_templates').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return r ? fromRow(r) : undefined;
  }

  async get(accountId: string, id: number): Promise<CustomTemplate | undefined> {
    const t = await this.byId(id);
    return t && t.accountId === accountId ? t : undefined;
  }

  async exists(id: number): Promise<boolean> {
    return !!(await this.db.selectFrom('custom_templates').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** The account's live templates, oldest first. */
  async list(accountId: string): Promise<CustomTemplate[]> {
    const rows = await this.db.selectFrom('custom_templates').selectAll().where('account_id', '=', accountId).where('deleted_at', 'is', null).orderBy('created_at').orderBy('id').execute();
    return rows.map(fromRow);
  }

  async countLive(accountId: string): Promise<number> {
    const r = await this.db.selectFrom('custom_templates').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async setFiles(id: number, coverKey: string, previewKey: string): Promise<void> {
    await this.db.updateTable('custom_templates').set({ cover_key: coverKey, preview_key: previewKey }).where('id', '=', id).execute();
  }

  /** True when a live template of the account was marked deleted. */
  async markDeleted(accountId: string, id: number, nowMs: number): Promise<boolean> {
    const r = await this.db.updateTable('custom_templates').set({ deleted_at: nowMs }).where('id', '=', id).where('account_id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
