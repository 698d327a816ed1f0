import { Type } from 'typebox';
import { LANGUAGES, SCRIPT_STYLES, VIDEO_LENGTHS } from '../catalog/languages.ts';
import { Envelope, ok } from '../http/envelope.ts';
import { EXAMPLE_IDS } from '../http/examples.ts';
import type { App } from '../http/http-types.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';
import type { AiScriptService } from './ai-script.service.ts';

const AiScriptsBody = Type.Object({
  product_id: Opt(Type.String({ minLength: 1, maxLength: 64, description: 'A product of yours (POST /v1/product); else name and description' })),
  name: Opt(Type.String({ maxLength: 500, description: 'The product name; required without product_id' })),
  description: Opt(Type.String({ maxLength: 20000, description: 'The product description; required without product_id' })),
  target_audience: Opt(Type.String({ maxLength: 2000, description: "Who the scripts speak to; overrides the product's own" })),
  video_length: Opt(StringEnum(VIDEO_LENGTHS, { meanings: VIDEO_LENGTHS.map((l) => `${l}-second video`), description: 'Seconds of narration; absent means 30' })),
  language: Opt(StringEnum(LANGUAGES, { description: 'Script language; absent means english' })),
  script_style: Opt(StringEnum(SCRIPT_STYLES, { description: 'Extension: one style only (as v2 asks)' })),
  script_styles: Opt(Type.Array(StringEnum(SCRIPT_STYLES), { minItems: 1, maxItems: 16, description: 'Extension: the styles wanted, in order; absent means all 16' })),
}, { examples: [{ product_id: EXAMPLE_IDS.product, video_length: '15', language: 'english', script_styles: ['Problem/Solution'] }] });

const ScriptsOut = Type.Object({
  generated_scripts: Type.Array(
    Type.Object({
      script_style: Type.String({ description: 'The script style this script is written in (a script_style value of create_video_from_url)' }),
      script_paragraphs: Type.Array(Type.String(), { description: 'The sentences of the script, in order, as shown on screen' }),
      source: Type.String({ description: 'Extension: llm, or builtin (no LLM configured, or its answer was not used)' }),
    }),
    { description: 'One script per style asked for, in the order asked' },
  ),
});

const exampleScripts = {
  generated_scripts: [
    {
      script_style: 'Problem/Solution',
      script_paragraphs: [
        'Tired of harsh light at your desk?',
        'Meet the Aurora Desk Lamp.',
        'Warm dimmable LED light in three colour temperatures.',
        'Get yours today.',
      ],
      source: 'builtin',
    },
  ],
};

export function aiScriptRoutes(api: App, scripts: AiScriptService): void {
  api.post('/v1/ai_scripts', {
    schema: {
      tags: ['Scripts'],
      summary: 'Write scripts for a product, one per script style (free)',
      description:
        'The same writer as the videos: the configured LLM, else (or when its answer is not usable) the built-in writer. ' +
        'Costs no credit; counts towards the POST rate limit.',
      body: AiScriptsBody,
      response: { 200: Envelope(ScriptsOut, exampleScripts) },
      'x-error-codes': {
        10104: 'product_id is not a product of this account',
        40000: 'a field breaks its rule, or neither product_id nor name and description are given (msg names the field)',
      },
    },
    handler: async (req) => {
      const b = req.body;
      const styles = b.script_styles ?? (b.script_style ? [b.script_style] : undefined);
      const written = await scripts.generate(req.principal, {
        productId: b.product_id,
        name: b.name,
        description: b.description,
        targetAudience: b.target_audience,
        lengthS: Number(b.video_length ?? '30') as 15 | 30 | 60,
        language: b.language ?? 'english',
        styles,
      });
      return ok({ generated_scripts: written.map((s) => ({ script_style: s.style, script_paragraphs: s.paragraphs, source: s.source })) });
    },
  });
}
