import { api, call } from '../api.ts';
import { field, h, notice, replace, select } from '../dom.ts';
import { choiceGrid } from './pickers.ts';
import { aspectField, captionCheck, languageSelect, musicPicker, num, presenterFrom, presenterPicker, str, templateChoices, templateFrom, videoNameField, voicePicker, type VideoKind } from './kind-fields.ts';
import { talkingAvatarVideo } from './talking-avatar-kind.ts';
import { templateVideo } from './template-kind.ts';

export { loadCatalogs, type Catalogs, type VideoKind } from './kind-fields.ts';

export const SCRIPT_STYLES = ["Don't Worry", 'Discovery', 'Data', 'Top 3 reasons', 'Soft Selling', 'Humor & Meme', 'Feature Explainer', 'Soft Storytelling with Twist', 'Expert Advice', 'Unboxing & Review', 'Challenge', 'Problem/Solution', 'Comparison', 'Creative/Innovative', 'Emotional Appeal', 'Immersive Storytelling'];

/**
 * The script: empty = written when the video is made; "Suggest" asks POST /v1/ai_scripts (free)
 * for the script of the chosen product, style, length and language, to read or edit first.
 */
function scriptEditor(): HTMLElement {
  const text = h('textarea', { name: 'override_script', rows: 6, maxlength: 5000 });
  const status = h('div', { 'aria-live': 'polite' });
  const suggest = h('button', { type: 'button' }, 'Suggest a script');
  suggest.addEventListener('click', async () => {
    const form = suggest.closest('form');
    if (!form) return;
    const v = new FormData(form);
    suggest.disabled = true;
    replace(status, h('p', { class: 'meta' }, 'Writing…'));
    try {
      const style = String(v.get('script_style') ?? '');
      const r = await api<{ generated_scripts: Array<{ script_style: string; script_paragraphs: string[] }> }>('POST', '/v1/ai_scripts', {
        product_id: v.get('product_id'),
        video_length: v.get('video_length'),
        language: v.get('language'),
        script_style: style,
      });
      const script = r.generated_scripts.find((g) => g.script_style === style) ?? r.generated_scripts[0];
      text.value = script ? script.script_paragraphs.join('\n') : '';
      replace(status, h('p', { class: 'meta' }, 'Edit it as you like; this text is what the presenter says.'));
    } catch (err) {
      replace(status, notice('error', err instanceof Error ? err.message : String(err)));
    } finally {
      suggest.disabled = false;
    }
  });
  return h('div', { class: 'stack' }, field('Script', text, 'Leave empty to have the script written when the video is made.'), h('div', { class: 'actions' }, suggest), status);
}

/** The create_video_from_url body, which POST /v1/preview takes too. */
function productBody(v: FormData) {
  return {
    product_id: str(v, 'product_id'),
    video_length: str(v, 'video_length'),
    aspect_ratio: num(v, 'aspect_ratio'),
    language: str(v, 'language'),
    script_style: str(v, 'script_style'),
    ...presenterFrom(v),
    voice_id: str(v, 'voice_id'),
    music_id: num(v, 'music_id'),
    visual_style: str(v, 'visual_style'),
    ...templateFrom(v),
    caption: v.get('caption') === 'true',
    video_name: str(v, 'video_name'),
    override_script: str(v, 'override_script'),
  };
}

const send = async (path: string, body: unknown) => {
  const env = await call<{ project_id: string }>('POST', path, body);
  return { projectId: env.data.project_id, warnings: env.warnings ?? [] };
};

const productVideo: VideoKind = {
  id: 'product',
  label: 'Product video',
  blurb: 'A presenter talks about one of your products over its photos. “Preview” makes a free 360p draft of the same choices, without music.',
  cost: '1 credit',
  fields(c, params) {
    const language = languageSelect();
    const product = select('product_id', c.products.map((p) => ({ value: p.product_id, label: p.name })), params.get('product_id') ?? undefined);
    product.required = true;
    return [
      field('Product', product, c.products.length === 0 ? 'Add a product first (Products).' : undefined),
      h('div', { class: 'row' },
        field('Length', select('video_length', [{ value: '15', label: '15 seconds' }, { value: '30', label: '30 seconds' }, { value: '60', label: '60 seconds' }], '15')),
        aspectField(),
        field('Language', language),
      ),
      field('Script style', select('script_style', SCRIPT_STYLES.map((s) => ({ value: s, label: s })), "Don't Worry")),
      presenterPicker(c, { custom: true }),
      voicePicker(c, language),
      musicPicker(c),
      field('Visual style', select('visual_style', [{ value: '', label: 'Automatic' }, ...c.styles.map((s) => ({ value: s.name, label: s.name }))])),
      // Closed by default: template pictures are drawn on first request, so they load when opened.
      h('details', { class: 'optional' }, h('summary', null, 'Template (optional)'), choiceGrid('template', 'Template', [{ value: '', label: 'No template' }, ...templateChoices(c)], '', 'Press ▶ to see a template move.')),
      h('div', { class: 'row' }, videoNameField(), captionCheck()),
      h('details', null, h('summary', null, 'Read or write the script'), scriptEditor()),
    ];
  },
  submit: (v) => send('/v1/create_video_from_url', productBody(v)),
  preview: (v) => send('/v1/preview', productBody(v)),
};

/** One entry per kind of video; the create screen shows one tab each (docs/dashboard.md). */
export const videoKinds: VideoKind[] = [productVideo, talkingAvatarVideo, templateVideo];
