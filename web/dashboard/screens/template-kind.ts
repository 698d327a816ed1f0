import { call, type Template, type TemplateVariable } from '../api.ts';
import { field, h, input } from '../dom.ts';
import { choiceGrid } from './pickers.ts';
import { aspectField, captionCheck, chosenFile, languageSelect, musicPicker, num, presenterFrom, presenterPicker, str, templateChoices, templateFrom, uploaded, videoNameField, voicePicker, type Catalogs, type VideoKind } from './kind-fields.ts';

const NAMES: Record<string, string> = { call_to_action: 'Call to action', image: 'Picture', video: 'Clip' };
const title = (name: string) => NAMES[name] ?? (name.charAt(0).toUpperCase() + name.slice(1)).replace(/_/g, ' ');

/**
 * One control per variable of the chosen template (GET /v1/templates `variables`): text and
 * script variables are typed, image and video variables uploaded from this computer (or given
 * by address). Field names are `var.<type>.<name>` and `url.<type>.<name>`, read back by submit.
 */
function variableFields(t: Template | undefined): HTMLElement {
  if (!t) return h('p', { class: 'muted' }, 'Choose a template.');
  const one = (v: TemplateVariable) => {
    const label = `${title(v.name)}${v.required ? '' : ' (optional)'}`;
    const key = `var.${v.type}.${v.name}`;
    if (v.type === 'script') return field(label, h('textarea', { name: key, rows: 5, maxlength: 5000, required: v.required }), 'What the voice says, word for word.');
    if (v.type === 'text') return field(label, input(key, { maxlength: 5000, required: v.required }), 'Shown on screen.');
    const file = h('input', { type: 'file', name: key, accept: v.type === 'image' ? 'image/*' : 'video/mp4,video/quicktime,video/webm' });
    return h('div', { class: 'row' },
      field(`${label}: upload`, file, v.type === 'image' ? 'A picture from this computer.' : 'A clip from this computer.'),
      field(`${title(v.name)}: or its address`, input(`url.${v.type}.${v.name}`, { type: 'url', placeholder: 'https://…' })));
  };
  return h('fieldset', { class: 'stack variables' }, h('legend', null, `What goes in “${t.name}”`), t.variables.map(one));
}

async function variablesFrom(v: FormData): Promise<Array<{ type: string; name: string; properties: { content?: string; url?: string } }>> {
  const out: Array<{ type: string; name: string; properties: { content?: string; url?: string } }> = [];
  for (const key of new Set(v.keys())) {
    if (!key.startsWith('var.')) continue;
    const rest = key.slice('var.'.length);
    const type = rest.slice(0, rest.indexOf('.'));
    const name = rest.slice(rest.indexOf('.') + 1);
    if (type === 'text' || type === 'script') {
      const content = str(v, key);
      if (content) out.push({ type, name, properties: { content } });
    } else {
      const url = (await uploaded(chosenFile(v, key))) ?? str(v, `url.${type}.${name}`);
      if (url) out.push({ type, name, properties: { url } });
    }
  }
  return out;
}

/** POST /v1/create_video_with_template: a template filled with the person's texts and media. */
export const templateVideo: VideoKind = {
  id: 'template',
  label: 'Template video',
  blurb: 'Fill a template with your own words, pictures and clips. 1 credit per started 2 minutes.',
  cost: '1 credit per 2 min',
  fields(c: Catalogs) {
    const language = languageSelect('lang');
    const holder = h('div');
    const show = (value: string) => holder.replaceChildren(variableFields(c.templates.find((t) => `${t.template_type}:${t.id}` === value)));
    const first = templateChoices(c)[0]?.value ?? '';
    const picker = choiceGrid('template', 'Template', templateChoices(c), first, 'Press ▶ to see a template move.');
    picker.addEventListener('change', (e) => show((e.target as HTMLInputElement).value));
    show(first);
    return [
      picker,
      holder,
      h('div', { class: 'row' }, field('Language', language), aspectField()),
      presenterPicker(c, { custom: true, none: true }),
      voicePicker(c, language, 'of the language'),
      musicPicker(c),
      h('div', { class: 'row' }, videoNameField(), captionCheck()),
    ];
  },
  async submit(v) {
    const { template_id, template_type } = templateFrom(v);
    const presenter = presenterFrom(v);
    const body = {
      template_id,
      template_type: template_type === 'custom' ? 'user' : 'common',
      lang: str(v, 'lang'),
      // A custom template has its own aspect ratio.
      aspect_ratio: template_type === 'custom' ? undefined : num(v, 'aspect_ratio'),
      avatar_id: presenter.avatar_id ?? 0,
      avatar_type: presenter.avatar_type,
      voice_id: str(v, 'voice_id'),
      music_id: num(v, 'music_id'),
      caption: v.get('caption') === 'true',
      video_name: str(v, 'video_name'),
      variables: await variablesFrom(v),
    };
    const env = await call<{ project_id: string }>('POST', '/v1/create_video_with_template', body);
    return { projectId: env.data.project_id, warnings: env.warnings ?? [] };
  },
};
