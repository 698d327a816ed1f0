import { api, uploadFile, type CustomAvatar, type Generation } from '../api.ts';
import { busy, emptyState, field, h, input, notice, replace, select, toast } from '../dom.ts';

const STATUS: Record<number, { label: string; tone: string }> = { 0: { label: 'Being made', tone: 'busy' }, 1: { label: 'Ready', tone: 'ok' }, 2: { label: 'Failed', tone: 'bad' } };
const opts = (values: string[]) => values.map((v) => ({ value: v, label: v }));

/**
 * The account's own presenters (GET /v1/avatars/custom: rename, delete) and "New presenter":
 * POST /v1/photo_avatar/photo/generate from a description, GET /v1/photo_avatar/generation
 * polled until its four candidate pictures are painted.
 */
export async function presentersScreen(main: HTMLElement): Promise<() => void> {
  const list = h('div', { class: 'grid products', 'aria-live': 'polite' });
  const candidates = h('div', { 'aria-live': 'polite' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  async function refresh() {
    const { avatars } = await api<{ avatars: CustomAvatar[] }>('GET', '/v1/avatars/custom');
    if (avatars.length === 0) replace(list, emptyState('No presenters of your own yet', 'Describe one below and pick from four pictures.'));
    else replace(list, avatars.map(card));
  }

  function card(a: CustomAvatar): HTMLElement {
    const st = STATUS[a.status] ?? { label: String(a.status), tone: 'mute' };
    const name = input('name', { value: a.name, maxlength: 80, required: true, 'aria-label': `New name for ${a.name}` });
    return h('article', { class: 'card product presenter', 'data-avatar-id': a.avatar_id },
      a.cover_url ? h('img', { class: 'cover', src: a.cover_url, alt: '', loading: 'lazy' }) : h('div', { class: 'cover none' }),
      h('div', { class: 'body' },
        h('div', { class: 'title-row' }, h('h3', null, a.name), h('span', { class: `badge ${st.tone}` }, st.label)),
        h('p', { class: 'meta' }, [a.gender, a.age, a.style, a.kind].filter(Boolean).join(' · ')),
        a.fail_msg ? h('p', { class: 'error-text' }, a.fail_msg) : null),
      h('form', {
        class: 'actions',
        'aria-label': `Rename ${a.name}`,
        onsubmit: (e: Event) => {
          e.preventDefault();
          void busy((e.currentTarget as HTMLFormElement).querySelector('button'), async () => {
            await api('POST', '/v1/avatar/custom/rename', { avatar_id: a.avatar_id, name: name.value.trim() });
            toast('Renamed');
            await refresh();
          });
        },
      }, name, h('button', { type: 'submit' }, 'Rename'),
      h('button', {
        type: 'button',
        class: 'danger',
        'aria-label': `Delete ${a.name}`,
        onclick: (e: Event) => busy(e.currentTarget as HTMLButtonElement, async () => {
          if (!confirm(`Delete the presenter “${a.name}”? Videos already made keep it.`)) return;
          await api('DELETE', `/v1/avatar/custom/delete?avatar_id=${a.avatar_id}`);
          toast('Presenter deleted');
          await refresh();
        }),
      }, 'Delete')));
  }

  function showGeneration(g: Generation) {
    if (g.status === 'in_progress') return replace(candidates, notice('info', 'Painting four pictures…'));
    if (g.status === 'error') return replace(candidates, notice('error', g.msg || 'The pictures could not be made.'));
    replace(candidates, h('section', { class: 'card', 'aria-label': 'Candidates' },
      h('h2', null, 'Pick a picture'),
      g.msg ? h('p', { class: 'meta', role: 'note' }, g.msg) : null,
      h('div', { class: 'candidates' }, g.image_url_list.map((url, i) => h('figure', { class: 'candidate' },
        h('img', { src: url, alt: `Candidate ${i + 1}`, width: 512, height: 512 }),
        h('figcaption', null,
          // add_motion with the candidate's own URL: a drawn presenter, ready at once.
          h('button', {
            type: 'button',
            'data-slot': 'add-motion',
            'data-image-key': g.image_key_list[i] ?? '',
            onclick: (e: Event) => busy(e.currentTarget as HTMLButtonElement, async () => {
              const made = await api<{ avatar_id: number; name: string }>('POST', '/v1/photo_avatar/add_motion', { image_url: url, photo_id: g.photo_id, name: `Presenter ${i + 1}` });
              toast(`${made.name} is one of your presenters`);
              await refresh();
            }),
          }, `Use picture ${i + 1}`))))),
      h('p', { class: 'hint' }, 'The picture you use becomes one of your presenters; rename it in the list above.')));
  }

  async function poll(photoId: string) {
    if (stopped) return;
    const g = await api<Generation>('GET', `/v1/photo_avatar/generation?photo_id=${photoId}`);
    if (stopped) return;
    showGeneration(g);
    if (g.status === 'in_progress') timer = setTimeout(() => void poll(photoId).catch((err) => replace(candidates, notice('error', String(err instanceof Error ? err.message : err)))), 1000);
  }

  const status = h('div', { 'aria-live': 'polite' });
  const make = h('button', { type: 'submit', class: 'primary' }, 'Paint four pictures · free');
  const form: HTMLFormElement = h('form', {
    class: 'card stack',
    'aria-label': 'New presenter',
    onsubmit: (e: Event) => {
      e.preventDefault();
      clearTimeout(timer);
      void busy(make, async () => {
        replace(status);
        const v = new FormData(form);
        const text = (k: string) => String(v.get(k) ?? '').trim() || undefined;
        try {
          const { photo_id } = await api<{ photo_id: string }>('POST', '/v1/photo_avatar/photo/generate', {
            age: text('age'), gender: text('gender'), avatar_style: text('avatar_style'), aspect_ratio: Number(text('aspect_ratio') ?? 0), model: text('model'),
            ethnicity: text('ethnicity'), appearance: text('appearance'), background: text('background'),
          });
          await poll(photo_id);
        } catch (err) {
          replace(status, notice('error', err instanceof Error ? err.message : String(err)));
        }
      });
    },
  },
  h('h2', { id: 'new-presenter' }, 'New presenter'),
  h('p', { class: 'muted' }, 'Describe a person; four pictures are painted to choose from.'),
  h('div', { class: 'row' },
    field('Age', select('age', opts(['Teenager', 'Young adult', 'Adult', 'Elderly']), 'Young adult')),
    field('Gender', select('gender', opts(['Female', 'Male']), 'Female')),
    field('Style', select('avatar_style', opts(['Professional', 'Social']), 'Professional')),
    field('Picture', select('aspect_ratio', [{ value: '0', label: 'Portrait' }, { value: '1', label: 'Landscape' }], '0')),
    field('Painting', select('model', opts(['classic', 'modern']), 'classic'))),
  field('Appearance (optional)', h('textarea', { name: 'appearance', rows: 2, maxlength: 500 }), 'Hair, clothes, glasses… Words the painter does not know are listed after.'),
  h('div', { class: 'row' },
    field('Ethnicity (optional)', input('ethnicity', { maxlength: 80 })),
    field('Background (optional)', input('background', { maxlength: 200 }))),
  status, make);

  // A presenter from the user's own portrait: uploaded, then add_motion (face found, cut out, animated).
  const photoStatus = h('div', { 'aria-live': 'polite' });
  const usePhoto = h('button', { type: 'submit' }, 'Make a presenter from this photo');
  const photoForm: HTMLFormElement = h('form', {
    class: 'card stack',
    'aria-label': 'Presenter from a photo',
    onsubmit: (e: Event) => {
      e.preventDefault();
      void busy(usePhoto, async () => {
        replace(photoStatus);
        const v = new FormData(photoForm);
        const file = v.get('photo');
        if (!(file instanceof File) || file.size === 0) return replace(photoStatus, notice('error', 'Choose a portrait photo first.'));
        try {
          const { url } = await uploadFile(file);
          const made = await api<{ name: string }>('POST', '/v1/photo_avatar/add_motion', { image_url: url, name: String(v.get('photo_name') ?? '').trim() || 'My presenter' });
          replace(photoStatus, notice('info', `${made.name} is being made from your photo; it shows as ready in the list when done.`));
          await refresh();
        } catch (err) {
          replace(photoStatus, notice('error', err instanceof Error ? err.message : String(err)));
        }
      });
    },
  },
  h('h2', null, 'From your photo'),
  h('p', { class: 'muted' }, 'One face, looking at the camera, at least 256 pixels tall.'),
  field('Portrait photo', h('input', { type: 'file', name: 'photo', accept: 'image/jpeg,image/png,image/webp' })),
  field('Name', input('photo_name', { maxlength: 80 })),
  photoStatus, usePhoto);

  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'Presenters'), h('a', { class: 'button', href: '#new-presenter', onclick: (e: Event) => { e.preventDefault(); form.querySelector('select')?.focus(); } }, 'New presenter')),
    h('h2', null, 'Your presenters'), list, h('div', { class: 'grid two' }, form, photoForm), candidates);
  await refresh();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
