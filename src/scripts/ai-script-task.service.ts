import type { Principal } from '../accounts/auth.service.ts';
import { clientLanguage } from '../catalog/languages.ts';
import { V2_SCRIPT_STYLES, writerStyleOf } from '../catalog/v2-script-styles.ts';
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { hexId } from '../lib/ids.ts';
import type { UrlPolicy } from '../net/url-policy.ts';
import type { ProductService } from '../products/product.service.ts';
import { requestWebhookUrl } from '../webhooks/request-webhook.ts';
import { AI_SCRIPT_JOB_KIND } from './ai-script.job.ts';
import type { AiScriptTask, AiScriptTaskRepository, AiScriptTaskRequest, AiScriptTaskStatus, TaskScript } from './ai-script-task.repository.ts';

/** POST /v2/ai_scripts as the route hands it over (vendor field names; "" already dropped). */
export interface AiScriptTaskInput {
  language: string;
  video_length_seconds?: '15' | '30' | '60' | undefined;
  script_style?: string | undefined;
  product_info: { source_type: 'id' | 'details'; data: { id?: string | undefined; name?: string | undefined; description?: string | undefined } };
  target_audience?: string | undefined;
  webhook_url?: string | undefined;
}

export interface AiScriptTaskView {
  task_id: string;
  status: AiScriptTaskStatus;
  data: { generated_scripts: TaskScript[] };
  err_msg: string;
}

/**
 * v2's asynchronous AI scripts: a task is accepted (its request checked, a product of the account
 * looked up) and recorded with its job in one transaction; AiScriptJob writes the scripts with
 * AiScriptService, the writer of POST /v1/ai_scripts. Free; the POST counts towards the rate limit.
 */
export class AiScriptTaskService {
  constructor(
    private readonly tasks: AiScriptTaskRepository,
    private readonly products: ProductService,
    private readonly uow: WorkUnitOfWork,
    private readonly urlPolicy: UrlPolicy,
    private readonly clock: Clock,
    private readonly signals: Signals,
    private readonly jobMaxAttempts: number,
  ) {}

  async accept(who: Principal, input: AiScriptTaskInput): Promise<{ task_id: string }> {
    const request = await this.request(who, input);
    const webhookUrl = requestWebhookUrl(input.webhook_url, this.urlPolicy);
    const now = this.clock.nowMs();
    const task: AiScriptTask = { id: hexId(), accountId: who.accountId, request, status: 'pending', scripts: [], errMsg: '', webhookUrl, createdAt: now, updatedAt: now };
    await this.uow(async (r) => {
      await r.aiScriptTasks.insert(task);
      await r.jobs.insert({ id: task.id, kind: AI_SCRIPT_JOB_KIND, accountId: who.accountId, maxAttempts: this.jobMaxAttempts, runAt: now, nowMs: now });
    });
    this.signals.jobEnqueued(task.id, 0, 0);
    return { task_id: task.id };
  }

  async get(accountId: string, taskId: string): Promise<AiScriptTaskView> {
    const t = await this.tasks.get(taskId, accountId);
    if (!t) throw errors.notFound(`task_id ${taskId}`);
    return { task_id: t.id, status: t.status, data: { generated_scripts: t.scripts }, err_msg: t.errMsg };
  }

  private async request(who: Principal, input: AiScriptTaskInput): Promise<AiScriptTaskRequest> {
    const language = clientLanguage(input.language);
    if (!language) throw errors.parameter('language', `must be a script language (e.g. english, german, or a code like en or en-US); got "${input.language}"`);
    // Absent: one script in each of the six v2 styles.
    const asked = input.script_style === undefined ? [...V2_SCRIPT_STYLES] : [input.script_style];
    const styles = asked.map((style) => {
      const writer = writerStyleOf(style);
      if (!writer) throw errors.parameter('script_style', `must be one of ${V2_SCRIPT_STYLES.join(', ')} (or a v1 style name)`);
      return { asked: style, writer };
    });
    const info = input.product_info;
    const targetAudience = input.target_audience?.trim() || null;
    const base = { language, lengthS: Number(input.video_length_seconds ?? '30') as 15 | 30 | 60, styles, targetAudience };
    if (info.source_type === 'id') {
      const id = info.data.id?.trim();
      if (!id) throw errors.parameter('product_info.data.id', 'is required when source_type is id');
      await this.products.get(who, id);
      return { ...base, productId: id, name: null, description: null };
    }
    const name = info.data.name?.trim();
    const description = info.data.description?.trim();
    if (!name) throw errors.parameter('product_info.data.name', 'is required when source_type is details');
    if (!description) throw errors.parameter('product_info.data.description', 'is required when source_type is details');
    return { ...base, productId: null, name, description };
  }
}
