import { Type } from 'typebox';
import { VIDEO_LENGTHS } from '../catalog/languages.ts';
import { V2_ACCEPTED_SCRIPT_STYLES } from '../catalog/v2-script-styles.ts';
import { Envelope, ok } from '../http/envelope.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import type { App } from '../http/http-types.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import { WebhookUrlField } from '../http/v2.ts';
import type { AiScriptTaskService, AiScriptTaskView } from './ai-script-task.service.ts';

const tags = ['Scripts'];

const Body = Type.Object(
  {
    language: Type.String({ minLength: 1, maxLength: 40, description: 'Script language: a language value (english, german …), an ISO code (en) or a locale (en-US)' }),
    video_length_seconds: Opt(StringEnum(VIDEO_LENGTHS, { meanings: VIDEO_LENGTHS.map((l) => `${l}-second video`), description: 'Seconds of narration; absent means 30' })),
    script_style: Opt(
      StringEnum(V2_ACCEPTED_SCRIPT_STYLES as readonly string[], {
        description: "One style: Don't Worry, Storytime, Discovery, Data, Top 3 reasons or Light marketing (the v1 style names are taken too); absent means one script in each of the six",
      }),
    ),
    product_info: Type.Object(
      {
        source_type: StringEnum(['id', 'details'] as const, { meanings: ['a product of yours, by id', 'a product described here'], description: 'Where the product comes from' }),
        data: Type.Object(
          {
            id: Opt(Type.String({ maxLength: 64, description: 'With source_type id: a product of yours (POST /v1 or /v2 product)' })),
            name: Opt(Type.String({ maxLength: 500, description: 'With source_type details: the product name' })),
            description: Opt(Type.String({ maxLength: 20000, description: 'With source_type details: the product description' })),
          },
          { description: 'The product id, or its name and description' },
        ),
      },
      { description: 'The product the scripts are about' },
    ),
    target_audience: Opt(Type.String({ maxLength: 2000, description: "Who the scripts speak to; overrides the product's own" })),
    webhook_url: WebhookUrlField(),
  },
  {
    examples: [
      { language: 'english', video_length_seconds: '30', script_style: 'Storytime', product_info: { source_type: 'details', data: { name: 'Aurora Desk Lamp', description: 'A warm dimmable LED desk lamp with three colour temperatures and a USB-C port.' } } },
    ],
  },
);

const TaskOut = Type.Object({
  task_id: Type.String({ description: 'The task' }),
  status: StringEnum(['pending', 'processing', 'completed', 'failed'] as const, { description: 'pending (accepted), processing (being written), completed (scripts in data) or failed (err_msg says why)' }),
  data: Type.Object(
    {
      generated_scripts: Type.Array(
        Type.Object({
          script_style: Type.String({ description: 'The style as asked' }),
          script_paragraphs: Type.Array(Type.String(), { description: 'The sentences of the script, in order, as shown on screen' }),
          source: Type.String({ description: 'Extension: llm, or builtin (no LLM configured, or its answer was not used)' }),
        }),
        { description: 'One script per style asked, in order; empty until completed' },
      ),
    },
    { description: 'The result' },
  ),
  err_msg: Type.String({ description: 'Why the task failed; empty otherwise' }),
});

const exampleTask: AiScriptTaskView = {
  task_id: EXAMPLE_IDS.aiScriptTask,
  status: 'completed',
  data: {
    generated_scripts: [
      {
        script_style: 'Storytime',
        script_paragraphs: ['It is late, and the report is due tomorrow.', 'The Aurora Desk Lamp turns warm and soft.', 'Three colour temperatures, one touch.', 'Find yours today.'],
        source: 'builtin',
      },
    ],
  },
  err_msg: '',
};

/** v2's asynchronous AI scripts: adapters over AiScriptTaskService (the writer is POST /v1/ai_scripts's). */
export function aiScriptV2Routes(api: App, tasks: AiScriptTaskService): void {
  api.post('/v2/ai_scripts', {
    schema: {
      tags,
      summary: 'Start writing scripts for a product (free); poll GET /v2/ai_scripts/results/{task_id} or subscribe to generated_script_success / _failed',
      description: 'The same writer as POST /v1/ai_scripts and the videos. Costs no credit; counts towards the POST rate limit.',
      body: Body,
      response: { 200: Envelope(Type.Object({ task_id: Type.String({ description: 'For GET /v2/ai_scripts/results/{task_id}' }) }), { task_id: EXAMPLE_IDS.aiScriptTask }) },
      'x-error-codes': {
        10104: 'product_info.data.id is not a product of this account',
        40000: 'a field breaks its rule (language, script_style, video_length_seconds, product_info, webhook_url; msg names it)',
      },
    },
    handler: async (req) => ok(await tasks.accept(req.principal, req.body)),
  });

  api.get('/v2/ai_scripts/results/:task_id', {
    schema: {
      tags,
      summary: 'An AI script task: status, and the scripts once completed',
      params: Type.Object({ task_id: Type.String({ minLength: 1, maxLength: 64, description: 'From POST /v2/ai_scripts', examples: [EXAMPLE_IDS.aiScriptTask] }) }),
      response: { 200: Envelope(TaskOut, exampleTask) },
      'x-error-codes': { 10104: 'task_id is not a task of this account' },
    },
    handler: async (req) => ok(await tasks.get(req.principal.accountId, req.params.task_id)),
  });
}
