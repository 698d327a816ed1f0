import type { LlmClient } from '../script/llm.ts';
import type { TimedSegment } from './stt.client.ts';

/**
 * Translation through the configured LLM (the script writer's OpenAI-compatible client). Each call
 * asks for a JSON object {"translation": "..."}; a server without JSON mode may answer the bare
 * text, which is taken as it is. Spoken text: no stage directions, numbers as people say them
 * in the target language, about as long as the original (it is spoken in the original's time).
 */

export class TranslationError extends Error {}

function systemPrompt(target: string): string {
  return [
    `You translate the spoken words of a video into ${target}.`,
    'Keep the meaning, tone and names; brand and product names stay as they are.',
    'Write it as it will be spoken: no notes, no quotes around it, no stage directions.',
    'Keep it about as long as the original: it must be said in the same time.',
    'Answer with a JSON object: {"translation": "<the translated text>"}.',
  ].join(' ');
}

/** The `translation` of the answer, or the answer itself when it is not that JSON. */
export function translationOf(answer: string): string {
  const trimmed = answer.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  try {
    const data = JSON.parse(trimmed) as { translation?: unknown };
    if (typeof data.translation === 'string') return data.translation.trim();
  } catch {
    // not JSON: the text itself
  }
  return trimmed;
}

async function ask(llm: LlmClient, target: string, user: string, signal?: AbortSignal): Promise<string> {
  const text = translationOf(await llm.chat([{ role: 'system', content: systemPrompt(target) }, { role: 'user', content: user }], { json: true, temperature: 0.2, signal }));
  if (!/[\p{L}\p{N}]/u.test(text)) throw new TranslationError('the LLM answered an empty translation');
  return text;
}

/** A written script (a talking-avatar or template video's) in `target`. */
export function translateScript(llm: LlmClient, script: string, target: string, signal?: AbortSignal): Promise<string> {
  return ask(llm, target, `Translate this video script:\n\n${script}`, signal);
}

/**
 * Timed segments of speech, one call per segment (the previous segment's original given as
 * context, so a sentence cut in two reads on), each with the seconds it must fit in.
 */
export async function translateSegments(llm: LlmClient, segments: readonly TimedSegment[], target: string, signal?: AbortSignal): Promise<TimedSegment[]> {
  const out: TimedSegment[] = [];
  for (let i = 0; i < segments.length; i++) {
    signal?.throwIfAborted();
    const s = segments[i]!;
    const before = i > 0 ? `The words said just before (for context only, do not translate them): "${segments[i - 1]!.text}"\n\n` : '';
    const seconds = Math.max(0.5, s.end - s.start).toFixed(1);
    out.push({ ...s, text: await ask(llm, target, `${before}Translate these words, said in ${seconds} seconds:\n\n${s.text}`, signal) });
  }
  return out;
}
