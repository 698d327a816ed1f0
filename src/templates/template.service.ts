import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import type { Principal } from '../accounts/auth.service.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { MediaRefResolver } from '../assets/media-ref.ts';
import { PUBLIC_TEMPLATES, type TemplateVariable } from '../catalog/catalog.data.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError, Codes, errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import type { SafeFetcher } from '../net/safe-fetch.ts';
import { compileScene, SceneError, validateScene, type CompiledTemplate, type CustomScene } from '../pipeline/templates/custom-scene.ts';
import { PREVIEW_AVATAR, renderCustomTemplatePreview } from '../pipeline/render/preview.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { loadProductMedia } from '../videos/product-media.ts';
import { mediaItem } from '../products/product.repository.ts';
import type { CustomTemplate, CustomTemplateRepository } from './custom-template.repository.ts';
import { TEMPLATE_FILES_JOB_KIND, templateFilesJobId } from './template-files.job.ts';

/** Custom templates an account may keep at once. */
export const MAX_CUSTOM_TEMPLATES = 50;
/** Custom template ids are drawn above this, well clear of the public ids (1-6). */
export const CUSTOM_ID_MIN = 100_000;

export type TemplateType = 'public' | 'custom';

/**
 * Where a template id comes from when the request does not say (v2 has no template_type): the
 * two id ranges do not meet — public templates are numbered from 1, custom ones from CUSTOM_ID_MIN.
 */
export const templateTypeOfId = (id: number): TemplateType => (id >= CUSTOM_ID_MIN ? 'custom' : 'public');

export interface TemplateDeps {
  repo: CustomTemplateRepository;
  mediaRefs: MediaRefResolver;
  /** Covers and previews of custom templates are stored here (templates/<id>/<token>/). */
  store: BlobStore;
  /** Logos on other sites are fetched with it (the product media loader's rules). */
  fetcher: SafeFetcher;
  clock: Clock;
  publicBaseUrl: string;
  /** Where the shared preview sample lives (the public previews' cache). */
  sampleDir: string;
  /** A new template and the job drawing its files commit together. */
  work: WorkUnitOfWork;
  signals: Pick<Signals, 'jobEnqueued'>;
  jobMaxAttempts: number;
}

/** A template as the lists show it. */
export interface TemplateView {
  id: number;
  name: string;
  cover_url: string;
  preview_url: string;
  aspect_ratio: number;
  template_type: TemplateType;
  variables: { type: TemplateVariable['type']; name: string; required: boolean }[];
}

/** What a video needs of its template: the declared variables, and for a custom one its compiled scene. */
export interface TemplateForVideo {
  type: TemplateType;
  id: number;
  label: string;
  variables: readonly TemplateVariable[];
  /** Custom: the template's own aspect ratio; public: null (the request's, or 0). */
  aspectRatio: 0 | 1 | 2 | null;
  custom: CompiledTemplate | null;
  /** The custom template's scene as stored (videos keep a copy); null for public ones. */
  scene: CustomScene | null;
  /** The public layout a custom scene starts from (its preview presenter). */
  baseTemplateId: number;
}

const variableView = (v: TemplateVariable) => ({ type: v.type, name: v.name, required: v.required });

/**
 * Public template lookups by id and type, and the account's own (custom) templates: created
 * from a validated scene description, listed with a cover and preview drawn by a job queued at
 * creation and stored in the blob store, deletable, account-scoped (another account's id is 10104).
 */
export class TemplateService {
  private readonly rendering = new Map<number, Promise<{ coverKey: string; previewKey: string }>>();

  constructor(private readonly d: TemplateDeps) {}

  async create(who: Principal, body: unknown): Promise<TemplateView> {
    let scene;
    try {
      scene = validateScene(body);
    } catch (err) {
      if (err instanceof SceneError) throw errors.badRequest(err.message);
      throw err;
    }
    if (scene.logo) {
      const resolved = await this.d.mediaRefs.resolve(who.accountId, scene.logo.url, 'logo.url', ['image']);
      // Kept as a stored ref: an asset's storage key, or another site's URL.
      scene = { ...scene, logo: { ...scene.logo, url: resolved.ref } };
    }
    if ((await this.d.repo.countLive(who.accountId)) >= MAX_CUSTOM_TEMPLATES) {
      throw errors.badRequest(`this account already has ${MAX_CUSTOM_TEMPLATES} custom templates, the most it may keep; delete one with DELETE /v1/templates/custom?template_id=`);
    }
    for (let tries = 0; ; tries++) {
      const id = randomInt(CUSTOM_ID_MIN, 2_147_483_647);
      if (await this.d.repo.exists(id)) {
        if (tries > 5) throw new Error('no free custom template id');
        continue;
      }
      const t: CustomTemplate = { id, accountId: who.accountId, name: scene.name, aspectRatio: scene.aspect_ratio, scene, fileToken: hexId(), coverKey: null, previewKey: null, createdAt: this.d.clock.nowMs() };
      // The template and the job drawing its cover and preview, together (template-files.job.ts).
      const jobId = templateFilesJobId(id);
      const now = this.d.clock.nowMs();
      await this.d.work(async (r) => {
        await r.customTemplates.insert(t);
        await r.jobs.insert({ id: jobId, kind: TEMPLATE_FILES_JOB_KIND, accountId: who.accountId, maxAttempts: this.d.jobMaxAttempts, runAt: now, nowMs: now });
      });
      this.d.signals.jobEnqueued(jobId, 0, 0);
      return this.customView(t);
    }
  }

  async listCustom(who: Principal): Promise<TemplateView[]> {
    return (await this.d.repo.list(who.accountId)).map((t) => this.customView(t));
  }

  /** One of the account's custom templates, as the lists show it; 10104 for another account's or an unknown id. */
  async getCustom(who: Principal, id: number): Promise<TemplateView> {
    const t = await this.d.repo.get(who.accountId, id);
    if (!t) throw errors.notFound(`template_id ${id} (custom): this account has no template with that id; see GET /v2/templates/custom`);
    return this.customView(t);
  }

  async delete(who: Principal, id: number): Promise<void> {
    if (!(await this.d.repo.markDeleted(who.accountId, id, this.d.clock.nowMs()))) throw errors.notFound(`template_id ${id} (template_type custom): this account has no template with that id; see GET /v1/templates/custom`);
    await this.d.store.removeUnder(`templates/${id}`);
  }

  /** The template a video names, or 10104 saying which exist. `type` is already normalised (common → public, user → custom). */
  async forVideo(accountId: string, type: TemplateType, id: number): Promise<TemplateForVideo> {
    if (type === 'public') {
      const t = PUBLIC_TEMPLATES.find((p) => p.id === id);
      if (!t) throw errors.notFound(`template_id ${id} (template_type public); public templates are ${PUBLIC_TEMPLATES.map((p) => `${p.id} (${p.name})`).join(', ')}; see GET /v1/templates`);
      return { type, id, label: `template ${id} (${t.name})`, variables: t.variables, aspectRatio: null, custom: null, scene: null, baseTemplateId: id };
    }
    const t = await this.d.repo.get(accountId, id);
    if (!t) throw errors.notFound(`template_id ${id} (template_type custom): this account has no template with that id; see GET /v1/templates/custom`);
    return { type, id, label: `custom template ${id} (${t.name})`, variables: t.scene.variables, aspectRatio: t.aspectRatio, custom: compileScene(t.id, t.scene), scene: t.scene, baseTemplateId: t.scene.base_template_id };
  }

  /**
   * The storage key of a custom template's cover.jpg or preview.mp4. They are drawn by a job
   * queued when the template is created (drawFiles); a request that comes before the job is done
   * (or after it failed, or after the files were lost) draws them itself, sharing a draw in
   * progress in this process. 404 for an unknown id or wrong token.
   */
  async customFile(id: number, token: string, which: 'cover' | 'preview'): Promise<string> {
    const t = await this.d.repo.byId(id);
    if (!t || t.fileToken !== token) throw new AppError(Codes.notFound, `Record not found: custom template ${id}`, 404);
    const keys = (await this.storedFiles(t)) ?? (await this.draw(t));
    return which === 'cover' ? keys.coverKey : keys.previewKey;
  }

  /** The template files job: draws them unless they are stored; nothing for a deleted template. */
  async drawFiles(id: number): Promise<void> {
    const t = await this.d.repo.byId(id);
    if (!t || (await this.storedFiles(t))) return;
    try {
      await this.draw(t);
    } catch (err) {
      // Deleted while it was drawn: its files are gone with it, and there is nothing left to do.
      if (err instanceof AppError && err.code === Codes.notFound && !(await this.d.repo.byId(id))) return;
      throw err;
    }
  }

  private async storedFiles(t: CustomTemplate): Promise<{ coverKey: string; previewKey: string } | null> {
    if (!t.coverKey || !t.previewKey) return null;
    return (await this.d.store.stat(t.coverKey)) ? { coverKey: t.coverKey, previewKey: t.previewKey } : null;
  }

  /** One draw per template at a time in this process (the job and requests share it). */
  private draw(t: CustomTemplate): Promise<{ coverKey: string; previewKey: string }> {
    let job = this.rendering.get(t.id);
    if (!job) {
      job = this.renderFiles(t).finally(() => this.rendering.delete(t.id));
      this.rendering.set(t.id, job);
    }
    return job;
  }

  private async renderFiles(t: CustomTemplate): Promise<{ coverKey: string; previewKey: string }> {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'reelsmith-template-'));
    try {
      const logoPath = t.scene.logo ? await this.loadLogo(t.scene.logo.url, work) : null;
      const template = compileScene(t.id, t.scene);
      const made = await renderCustomTemplatePreview(this.d.sampleDir, path.join(work, 'out'), t.aspectRatio, {
        template,
        logoPath,
        avatarId: PREVIEW_AVATAR[t.scene.base_template_id] ?? null,
      });
      const prefix = `templates/${t.id}/${t.fileToken}`;
      const coverKey = `${prefix}/cover.jpg`;
      const previewKey = `${prefix}/preview.mp4`;
      await this.d.store.putFile(coverKey, made.coverPath);
      await this.d.store.putFile(previewKey, made.previewPath);
      await this.d.repo.setFiles(t.id, coverKey, previewKey);
      // Deleted while it rendered: its files go too (DELETE removed what existed then).
      if (!(await this.d.repo.byId(t.id))) {
        await this.d.store.removeUnder(`templates/${t.id}`);
        throw new AppError(Codes.notFound, `Record not found: custom template ${t.id}`, 404);
      }
      return { coverKey, previewKey };
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  /** The logo (a stored ref) as a local file (our stored asset in place, another site's image fetched and checked); null when it does not load. */
  async loadLogo(url: string, workDir: string): Promise<string | null> {
    const media = await loadProductMedia({ id: 'logo', media: [mediaItem(1, 'logo', url, '')] }, workDir, this.d).catch(() => null);
    return media?.imagePaths[0] ?? null;
  }

  private customView(t: CustomTemplate): TemplateView {
    const base = `${this.d.publicBaseUrl}/v1/templates/custom/${t.id}/${t.fileToken}`;
    return {
      id: t.id,
      name: t.name,
      cover_url: `${base}/cover.jpg`,
      preview_url: `${base}/preview.mp4`,
      aspect_ratio: t.aspectRatio,
      template_type: 'custom',
      variables: t.scene.variables.map(variableView),
    };
  }
}

