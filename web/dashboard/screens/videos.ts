import { api, type Project } from '../api.ts';
import { busy, emptyState, h, replace, toast, when } from '../dom.ts';
import { translateAction } from './translate-action.ts';

const ACTIVE = new Set([1, 2, 3]);
const STATUS: Record<number, { label: string; tone: string }> = {
  1: { label: 'Queued', tone: 'wait' },
  2: { label: 'Waiting', tone: 'wait' },
  3: { label: 'Making', tone: 'busy' },
  4: { label: 'Ready', tone: 'ok' },
  5: { label: 'Failed', tone: 'bad' },
  99: { label: 'Deleted', tone: 'mute' },
};

/** The list of videos, with live progress: polled every 2 s while any video is being made. */
export async function videosScreen(main: HTMLElement, params: URLSearchParams): Promise<() => void> {
  const list = h('div', { class: 'video-list' });
  const cards = new Map<string, { sig: string; el: HTMLElement }>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const signature = (p: Project) => `${p.status_code}:${p.progress}:${p.files_removed_at ?? ''}`;

  async function refresh() {
    const data = await api<{ total: number; projects: Project[] }>('GET', '/v1/projects?page_size=50');
    if (stopped) return;
    if (data.projects.length === 0) {
      replace(list, emptyState('No videos yet', 'Make your first video from one of your products.', h('a', { class: 'button primary', href: '#/create' }, 'New video')));
      cards.clear();
    } else {
      if (cards.size === 0) list.replaceChildren();
      // Cards whose state did not change are kept as they are (a playing video keeps playing).
      const seen = new Set<string>();
      let previous: HTMLElement | null = null;
      for (const p of data.projects) {
        seen.add(p.id);
        const known = cards.get(p.id);
        let el = known?.el;
        if (!known || known.sig !== signature(p)) {
          const fresh = videoCard(p);
          if (el) el.replaceWith(fresh);
          el = fresh;
          cards.set(p.id, { sig: signature(p), el });
        }
        if (el!.previousElementSibling !== previous || !el!.isConnected) {
          if (previous) previous.after(el!);
          else list.prepend(el!);
        }
        previous = el!;
      }
      for (const [id, c] of cards) if (!seen.has(id)) (c.el.remove(), cards.delete(id));
    }
    if (data.projects.some((p) => ACTIVE.has(p.status_code))) timer = setTimeout(() => void refresh().catch(() => undefined), 2000);
  }

  function videoCard(p: Project): HTMLElement {
    const st = STATUS[p.status_code] ?? { label: p.status_desc, tone: 'mute' };
    const player = h('div', { class: 'player' });
    const ready = p.status_code === 4 && p.video_url;
    const showPlayer = () => {
      replace(player, h('video', { src: p.video_url, poster: p.cover_url || undefined, controls: true, playsinline: true, preload: 'metadata', 'aria-label': `Video: ${p.title}` },
        p.subtitles_url ? h('track', { kind: 'captions', src: p.subtitles_url, srclang: 'en', label: 'Captions' }) : null));
    };
    if (ready) {
      replace(player, h('button', { type: 'button', class: 'poster', 'aria-label': `Play ${p.title}`, onclick: () => { showPlayer(); void (player.querySelector('video') as HTMLVideoElement).play().catch(() => undefined); } },
        p.cover_url ? h('img', { src: p.cover_url, alt: '' }) : null, h('span', { class: 'play-badge', 'aria-hidden': 'true' }, '▶')));
    } else if (ACTIVE.has(p.status_code)) {
      replace(player, h('div', { class: 'making' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), `${p.progress}%`));
    } else {
      replace(player, h('div', { class: 'making mute' }, st.label));
    }
    const progress = ACTIVE.has(p.status_code)
      ? h('div', { class: 'progress-row' }, h('progress', { max: 100, value: p.progress, 'aria-label': `Progress of ${p.title}` }), h('span', null, `${p.progress}%`))
      : null;
    return h(
      'article',
      { class: `card video ${st.tone}`, 'data-project-id': p.id, 'data-status': p.status_code, id: `v-${p.id}` },
      player,
      h('div', { class: 'body' },
        h('div', { class: 'title-row' }, h('h3', null, p.title), h('span', { class: `badge ${st.tone}` }, st.label)),
        h('p', { class: 'meta' }, when(p.created_at), p.video_duration ? ` · ${p.video_duration.toFixed(1)} s` : ''),
        progress,
        p.error ? h('p', { class: 'error-text', role: 'note' }, `${p.error.message} (code ${p.error.code})`) : null,
        p.warnings.length ? h('ul', { class: 'warnings', 'aria-label': 'Warnings' }, p.warnings.map((w) => h('li', null, w))) : null,
        p.script ? h('details', null, h('summary', null, 'Script'), h('p', { class: 'script' }, p.script)) : null,
        h('div', { class: 'actions' },
          ready ? h('a', { class: 'button', href: p.video_url, download: `${p.title}.mp4` }, 'Download') : null,
          ready && p.subtitles_url ? h('a', { class: 'button ghost', href: p.subtitles_url, download: '' }, 'Captions') : null,
          ready ? translateAction(p, async () => { clearTimeout(timer); await refresh(); }) : null,
          p.status_code === 4 || p.status_code === 5
            ? h('button', {
                type: 'button',
                class: 'danger',
                'aria-label': `Delete ${p.title}`,
                onclick: (e: Event) =>
                  busy(e.currentTarget as HTMLButtonElement, async () => {
                    if (!confirm(`Delete “${p.title}” and its files?`)) return;
                    await api('DELETE', `/v1/project?project_id=${p.id}`);
                    toast('Video deleted');
                    clearTimeout(timer);
                    await refresh();
                  }),
              }, 'Delete')
            : null,
        ),
      ),
    );
  }

  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'Videos'), h('a', { class: 'button primary', href: '#/create' }, 'New video')), list);
  await refresh();
  const focus = params.get('focus');
  if (focus) document.getElementById(`v-${focus}`)?.scrollIntoView({ block: 'nearest' });
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
