import type { Principal } from '../accounts/auth.service.ts';
import { SCRIPT_STYLES, type Language, type ScriptStyle } from '../catalog/languages.ts';
import { errors } from '../lib/errors.ts';
import { writeScript, type LlmClient } from '../pipeline/script/index.ts';
import type { ProductFacts } from '../pipeline/types.ts';
import { productLanguage } from '../products/language-detect.ts';
import { mediaRef } from '../products/product.repository.ts';
import type { ProductService } from '../products/product.service.ts';

export interface AiScriptRequest {
  /** A product of the account; else name and description describe one. */
  productId?: string | undefined;
  name?: string | undefined;
  description?: string | undefined;
  /** Overrides the product's own when given. */
  targetAudience?: string | undefined;
  lengthS: 15 | 30 | 60;
  language: Language;
  /** The styles wanted, in order; absent → every style. */
  styles?: readonly ScriptStyle[] | undefined;
}

export interface GeneratedScript {
  style: ScriptStyle;
  /** The script's sentences, one paragraph each, as they would be shown. */
  paragraphs: string[];
  /** Which writer wrote it: 'llm', or 'builtin' (no LLM configured, or its answer was not used). */
  source: 'builtin' | 'llm';
}

/** LLM calls at once for one request (16 styles). */
const CONCURRENCY = 4;

/**
 * AI scripts (POST /v1/ai_scripts; v2's asynchronous task wraps `generate`): the scripts a video
 * of the product would narrate, one per style, from the same writer as the videos (the LLM when
 * configured, the built-in writer otherwise or when the LLM's answer is not usable). Free.
 */
export class AiScriptService {
  constructor(
    private readonly products: ProductService,
    private readonly llm: LlmClient | null,
  ) {}

  async generate(who: Principal, req: AiScriptRequest): Promise<GeneratedScript[]> {
    const facts = await this.facts(who, req);
    const styles = req.styles && req.styles.length > 0 ? [...new Set(req.styles)] : [...SCRIPT_STYLES];
    const out: GeneratedScript[] = new Array(styles.length);
    let next = 0;
    const worker = async () => {
      while (next < styles.length) {
        const i = next++;
        const style = styles[i]!;
        const script = await writeScript({ product: facts, style, lengthS: req.lengthS, language: req.language, overrideScript: null, seed: `${facts.name}\n${style}` }, this.llm);
        out[i] = { style, paragraphs: script.sentences.map((s) => s.text), source: script.source === 'llm' ? 'llm' : 'builtin' };
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, styles.length) }, worker));
    return out;
  }

  private async facts(who: Principal, req: AiScriptRequest): Promise<ProductFacts> {
    if (req.productId !== undefined) {
      const p = await this.products.get(who, req.productId);
      return {
        name: p.name,
        description: p.description,
        sellingPoints: p.sellingPoints,
        brand: p.brand,
        price: p.price,
        currency: p.currency,
        targetAudience: req.targetAudience ?? p.targetAudience,
        language: p.language ?? null,
        // The writer spreads the product's images over the sentences; their count is all it reads.
        imagePaths: p.media.filter((m) => m.type === 1).map(mediaRef),
        videoPaths: p.media.filter((m) => m.type === 2).map(mediaRef),
      };
    }
    if (req.name === undefined) throw errors.parameter('product_id', 'or name (with description) is required');
    if (req.description === undefined) throw errors.parameter('description', 'is required when product_id is absent');
    return {
      name: req.name,
      description: req.description,
      sellingPoints: [],
      brand: null,
      price: null,
      currency: null,
      targetAudience: req.targetAudience ?? '',
      language: productLanguage({ name: req.name, description: req.description, sellingPoints: [] }),
      imagePaths: [],
      videoPaths: [],
    };
  }
}
