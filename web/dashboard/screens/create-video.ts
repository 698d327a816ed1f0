import { h, notice, replace, toast } from '../dom.ts';
import { loadCatalogs, videoKinds, type VideoKind } from './video-kinds.ts';

type Made = { projectId: string; warnings: string[] };

export async function createVideoScreen(main: HTMLElement, params: URLSearchParams): Promise<void> {
  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'New video')), h('p', { class: 'muted' }, 'Loading the catalogs…'));
  const catalogs = await loadCatalogs();
  const formHolder = h('div');
  const kindPicker = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Kind of video' });

  const show = (kind: VideoKind) => {
    kindPicker.querySelectorAll('button').forEach((b) => b.setAttribute('aria-selected', String(b.dataset.kind === kind.id)));
    const status = h('div', { 'aria-live': 'polite' });
    const submit = h('button', { type: 'submit', class: 'primary big' }, `Make the video · ${kind.cost}`);
    // A free draft where the API offers one (POST /v1/preview): it shows in the videos list.
    const preview = kind.preview ? h('button', { type: 'button', class: 'big' }, 'Preview · free') : null;
    const run = async (button: HTMLButtonElement, work: () => Promise<Made>, started: string) => {
      if (!form.reportValidity()) return;
      submit.disabled = true;
      if (preview) preview.disabled = true;
      try {
        const made = await work();
        toast(started);
        for (const w of made.warnings) toast(w);
        location.hash = `#/videos?focus=${made.projectId}`;
      } catch (err) {
        replace(status, notice('error', err instanceof Error ? err.message : String(err)));
        submit.disabled = false;
        if (preview) preview.disabled = false;
        button.focus();
      }
    };
    const form: HTMLFormElement = h('form', {
      class: 'card stack',
      'aria-label': kind.label,
      onsubmit: (e: Event) => {
        e.preventDefault();
        void run(submit, () => kind.submit(new FormData(form)), 'Video started');
      },
    }, h('p', { class: 'muted' }, kind.blurb), kind.fields(catalogs, params), status, h('div', { class: 'actions' }, submit, preview));
    preview?.addEventListener('click', () => void run(preview, () => kind.preview!(new FormData(form)), 'Preview started'));
    replace(formHolder, form);
  };
  for (const kind of videoKinds) kindPicker.append(h('button', { type: 'button', role: 'tab', 'data-kind': kind.id, onclick: () => show(kind) }, kind.label));
  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'New video')), videoKinds.length > 1 ? kindPicker : null, formHolder);
  show(videoKinds.find((k) => k.id === params.get('kind')) ?? videoKinds[0]!);
}
