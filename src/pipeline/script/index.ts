import type { Language, ScriptStyle } from '../../catalog/languages.ts';
import type { ProductFacts, Script } from '../types.ts';
import { writeBuiltin } from './builtin.ts';
import type { LlmClient } from './llm.ts';
import { writeWithLlm } from './llm-writer.ts';
import { scriptFromOverride } from './override.ts';

export { createLlmClient, LlmError, type ChatMessage, type ChatOptions, type LlmClient, type LlmConfig } from './llm.ts';
export { LlmScriptRejected } from './llm-writer.ts';
export { estimateScriptS, estimateSentenceS, LANGUAGE_PROFILES, type LanguageProfile } from './rates.ts';
export { formatPrice } from './price.ts';
export { splitSentences } from './split.ts';

export interface ScriptInput {
  product: ProductFacts;
  style: ScriptStyle;
  lengthS: 15 | 30 | 60;
  language: Language;
  overrideScript: string | null;
  /**
   * Multiplies the writer's duration estimate: measured ÷ estimated seconds of an earlier attempt
   * with this voice (length/fit-narration.ts). Absent: 1.
   */
  paceScale?: number;
}

export interface WriteScriptOptions {
  /** Told why the LLM's script was not used (the built-in one was). */
  onLlmFailure?: (err: Error) => void;
}

/**
 * The narration of one video. override_script always wins (said as written, split into
 * sentences; one with no words at all counts as absent); else the configured LLM writes it, and
 * on ANY failure of that (network, timeout, HTTP error, bad JSON, wrong shape, wrong script, too
 * long) the built-in writer does. See docs/script.md.
 */
export async function writeScript(input: ScriptInput, llm?: LlmClient | null, options: WriteScriptOptions = {}): Promise<Script> {
  const override = input.overrideScript ? scriptFromOverride(input) : null;
  if (override) return override;
  if (llm) {
    try {
      return await writeWithLlm(input, llm);
    } catch (err) {
      options.onLlmFailure?.(err instanceof Error ? err : new Error(String(err)));
    }
  }
  return writeBuiltin(input);
}
