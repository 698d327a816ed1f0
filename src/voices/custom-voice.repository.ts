import type { Kysely } from 'kysely';
import type { CustomVoiceRow, Database } from '../db/schema.ts';

export interface CustomVoice {
  id: string;
  accountId: string;
  name: string;
  baseVoiceId: string | null;
  externalVoice: string | null;
  language: string;
  gender: 'female' | 'male';
  speed: number;
  pitch: number;
  timbre: string | null;
  createdAt: number;
}

const fromRow = (r: CustomVoiceRow): CustomVoice => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  baseVoiceId: r.base_voice_id,
  externalVoice: r.external_voice,
  language: r.language,
  gender: r.gender === 'male' ? 'male' : 'female',
  speed: Number(r.speed),
  pitch: Number(r.pitch),
  timbre: r.timbre,
  createdAt: Number(r.created_at),
});

export class CustomVoiceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(v: CustomVoice): Promise<void> {
    await this.db
      .insertInto('custom_voices')
      .values({
        id: v.id,
        account_id: v.accountId,
        name: v.name,
        base_voice_id: v.baseVoiceId,
        external_voice: v.externalVoice,
        language: v.language,
        gender: v.gender,
        speed: v.speed,
        pitch: v.pitch,
        timbre: v.timbre,
        created_at: v.createdAt,
      })
      .execute();
  }

  async list(accountId: string, language?: string): Promise<CustomVoice[]> {
    let q = this.db.selectFrom('custom_voices').selectAll().where('account_id', '=', accountId);
    if (language) q = q.where('language', '=', language.toLowerCase());
    return (await q.orderBy('created_at', 'desc').orderBy('id').execute()).map(fromRow);
  }

  /** One account's voice; without accountId, any account's (the public audition URL). */
  async get(id: string, accountId?: string): Promise<CustomVoice | undefined> {
    let q = this.db.selectFrom('custom_voices').selectAll().where('id', '=', id);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    const row = await q.executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  async count(accountId: string): Promise<number> {
    const r = await this.db.selectFrom('custom_voices').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async delete(id: string, accountId: string): Promise<boolean> {
    const r = await this.db.deleteFrom('custom_voices').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
