import { api, type Project } from '../api.ts';
import { busy, h, select, toast } from '../dom.ts';

interface TargetLanguage {
  language: string;
  default_voice_id: string;
  voices: { voice_id: string; name: string }[];
}

/** The 54 languages, asked once per page load (GET /v2/video_translate/target_languages). */
let languages: Promise<TargetLanguage[]> | null = null;
const targetLanguages = () => (languages ??= api<{ languages: TargetLanguage[] }>('GET', '/v2/video_translate/target_languages').then((d) => d.languages).catch((err) => ((languages = null), Promise.reject(err))));

const title = (s: string) => s.replace(/(^|-)\w/g, (m) => m.toUpperCase()).replace('-', ' ');

/**
 * The video list's "Translate" action: a finished video, made again (or re-voiced) in another
 * language through POST /v2/video_translate/. The new video joins the list like any other.
 * The server answers which servers a translation needs (LLM_BASE_URL, STT_BASE_URL) in its message.
 */
export function translateAction(p: Project, onStarted: () => Promise<void>): HTMLElement {
  const body = h('div', { class: 'translate-form' }, 'Loading languages…');
  const details = h('details', { class: 'translate' }, h('summary', { class: 'button ghost', 'aria-label': `Translate ${p.title}` }, 'Translate'), body);
  details.addEventListener('toggle', () => {
    if (!details.open || body.querySelector('select')) return;
    void targetLanguages().then(
      (list) => {
        const choose = select('output_language', list.map((l) => ({ value: l.language, label: title(l.language) })), 'german');
        choose.setAttribute('aria-label', `Language to translate ${p.title} into`);
        const keep = h('input', { type: 'checkbox', name: 'keep_original_audio' });
        const go = h('button', {
          type: 'button',
          class: 'primary',
          onclick: (e: Event) =>
            busy(e.currentTarget as HTMLButtonElement, async () => {
              await api<{ video_translate_id: string }>('POST', '/v2/video_translate/', { video_id: p.id, output_language: choose.value, keep_original_audio: keep.checked });
              toast(`Translating into ${title(choose.value)}`);
              details.open = false;
              await onStarted();
            }),
        }, 'Translate');
        body.replaceChildren(choose, h('label', { class: 'check' }, keep, ' Keep the original sound under the new voice (videos made elsewhere)'), go);
      },
      (err: Error) => body.replaceChildren(err.message),
    );
  });
  return details;
}
