import { h, notice, replace, toast } from '../dom.ts';
import { loadCatalogs, videoKinds, type VideoKind } from './video-kinds.ts';

export async function createVideoScreen(main: HTMLElement, params: URLSearchParams): Promise<void> {
  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'New video')), h('p', { class: 'muted' }, 'Loading the catalogs…'));
  const catalogs = await loadCatalogs();
  const formHolder = h('div');
  const kindPicker = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Kind of video' });

  const show = (kind: VideoKind) => {
    kindPicker.querySelectorAll('button').forEach((b) => b.setAttribute('aria-selected', String(b.dataset.kind === kind.id)));
    const status = h('div', { 'aria-live': 'polite' });
    const submit = h('button', { type: 'submit', class: 'primary big' }, 'Make the video · 1 credit');
    const form = h('form', {
      class: 'card stack',
      'aria-label': kind.label,
      onsubmit: async (e: Event) => {
        e.preventDefault();
        submit.disabled = true;
        try {
          const made = await kind.submit(new FormData(form));
          toast('Video started');
          for (const w of made.warnings) toast(w);
          location.hash = `#/videos?focus=${made.projectId}`;
        } catch (err) {
          replace(status, notice('error', err instanceof Error ? err.message : String(err)));
          submit.disabled = false;
        }
      },
    }, h('p', { class: 'muted' }, kind.blurb), kind.fields(catalogs, params), status, submit);
    replace(formHolder, form);
  };
  for (const kind of videoKinds) kindPicker.append(h('button', { type: 'button', role: 'tab', 'data-kind': kind.id, onclick: () => show(kind) }, kind.label));
  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'New video')), videoKinds.length > 1 ? kindPicker : null, formHolder);
  show(videoKinds[0]!);
}
