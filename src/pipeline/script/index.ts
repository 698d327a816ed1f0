import type { Language, ScriptStyle } from '../../catalog/languages.ts';
import type { ProductFacts, Script } from '../types.ts';
import { writeBuiltin } from './builtin.ts';
import { kanaReading } from './japanese-reading.ts';
import type { LlmClient } from './llm.ts';
import { writeWithLlm } from './llm-writer.ts';
import { scriptFromOverride } from './override.ts';

export { createLlmClient, LlmError, type ChatMessage, type ChatOptions, type LlmClient, type LlmConfig } from './llm.ts';
export { LlmScriptRejected } from './llm-writer.ts';
export { estimateScriptS, estimateSentenceS, LANGUAGE_PROFILES, type LanguageProfile } from './rates.ts';
export { formatPrice, parsePrice, spokenPrice } from './price.ts';
export { narrationLanguageShare } from './language-share.ts';
export { splitSentences } from './split.ts';

export interface ScriptInput {
  product: ProductFacts;
  style: ScriptStyle;
  lengthS: 15 | 30 | 60;
  language: Language;
  overrideScript: string | null;
  /** Varies the built-in wording between videos (the video id): the same seed gives the same script. Default: the product name. */
  seed?: string;
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
  return withReadings(await writeText(input, llm, options));
}

async function writeText(input: ScriptInput, llm: LlmClient | null | undefined, options: WriteScriptOptions): Promise<Script> {
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

/**
 * Japanese is shown as written (kanji and kana) and said from its kana reading, whichever writer
 * wrote it: each sentence's `spoken` becomes the reading of what the voice would otherwise read
 * (the spoken price words, else the text). Other languages pass unchanged.
 */
async function withReadings(script: Script): Promise<Script> {
  if (script.language !== 'japanese') return script;
  const sentences = await Promise.all(
    script.sentences.map(async (s) => {
      const { spoken: _, ...rest } = s;
      const reading = await kanaReading(s.spoken ?? s.text);
      return reading && reading !== s.text ? { ...rest, spoken: reading } : rest;
    }),
  );
  return { ...script, sentences };
}
