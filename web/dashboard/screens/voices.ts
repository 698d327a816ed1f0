import { api, type CustomVoice, type Voice } from '../api.ts';
import { busy, emptyState, field, h, input, notice, replace, select, toast } from '../dom.ts';
import { audioButton } from './pickers.ts';
import { LANGUAGES } from './kind-fields.ts';

export async function voicesScreen(main: HTMLElement): Promise<void> {
  const mine = h('div', { class: 'voice-list' });
  const stock = h('div', { class: 'voice-list' });
  const language = select('language', LANGUAGES.map((l) => ({ value: l, label: l[0]!.toUpperCase() + l.slice(1) })), 'english');
  let stockVoices: Voice[] = [];

  const row = (v: Voice | CustomVoice, extra?: HTMLElement) =>
    h('div', { class: 'voice-row' }, audioButton(v.audition_url, v.name), h('div', null, h('strong', null, v.name), h('span', { class: 'meta' }, ` ${v.gender} · ${v.engine}${'speed' in v ? ` · speed ${v.speed} · pitch ${v.pitch}` : ''}`)), extra ?? null);

  async function loadMine() {
    const voices = (await api<{ voices: CustomVoice[] }>('GET', '/v1/voices/custom')).voices;
    replace(mine, voices.length === 0 ? emptyState('No voices of your own', 'Make one from a stock voice: slower, deeper, another timbre.') : voices.map((v) => row(v, h('button', { type: 'button', class: 'danger', 'aria-label': `Delete voice ${v.name}`, onclick: (e: Event) => busy(e.currentTarget as HTMLButtonElement, async () => {
      await api('DELETE', `/v1/voices/custom/${v.voice_id}`);
      toast('Voice deleted');
      await loadMine();
    }) }, 'Delete'))));
  }
  async function loadStock() {
    stockVoices = (await api<{ voices: Voice[] }>('GET', `/v1/voices?language=${language.value}&page_size=100`)).voices;
    replace(stock, stockVoices.map((v) => row(v)));
    replace(baseHolder, field('Base voice', select('base_voice_id', stockVoices.map((v) => ({ value: v.voice_id, label: v.name })))));
  }
  const baseHolder = h('div');
  const status = h('div', { 'aria-live': 'polite' });
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Make voice');
  const form: HTMLFormElement = h('form', {
    class: 'card stack',
    'aria-labelledby': 'cv-title',
    onsubmit: (e: Event) => {
      e.preventDefault();
      void busy(submit, async () => {
        const fd = new FormData(form);
        const timbre = String(fd.get('timbre') ?? '');
        try {
          await api('POST', '/v1/voices/custom', { name: String(fd.get('name')).trim(), base_voice_id: fd.get('base_voice_id'), speed: Number(fd.get('speed')), pitch: Number(fd.get('pitch')), timbre: timbre || undefined });
          toast('Voice made');
          replace(status);
          await loadMine();
        } catch (err) {
          replace(status, notice('error', err instanceof Error ? err.message : String(err)));
        }
      });
    },
  },
    h('h2', { id: 'cv-title' }, 'Make a voice'),
    field('Name', input('name', { required: true, maxlength: 100, placeholder: 'Calm narrator' })),
    h('div', { class: 'row' }, field('Language', language), baseHolder),
    h('div', { class: 'row' },
      field('Speed', input('speed', { type: 'number', min: 0.5, max: 2, step: 0.05, value: '1' }), '0.5 – 2'),
      field('Pitch', input('pitch', { type: 'number', min: -12, max: 12, step: 1, value: '0' }), 'Semitones, −12 – 12'),
      field('Timbre', select('timbre', [{ value: '', label: 'As the base voice' }, ...['f1', 'f2', 'f3', 'm1', 'm2', 'm3'].map((t) => ({ value: t, label: t }))]), 'espeak voices only'),
    ),
    status,
    submit,
  );
  language.addEventListener('change', () => void loadStock());
  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'Voices'), h('p', { class: 'muted' }, 'Listen to every voice; make your own from any of them.')), h('h2', null, 'Your voices'), mine, form, h('h2', null, 'Stock voices'), stock);
  await Promise.all([loadMine(), loadStock()]);
}
