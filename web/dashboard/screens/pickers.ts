import { h, nextId, type Child } from '../dom.ts';

export interface Choice {
  value: string;
  label: string;
  detail?: string;
  image?: string;
  /** A sample to play: an audition, a music track. */
  audio?: string;
  /** A preview clip (templates). */
  video?: string;
  /** Shown but not choosable (a custom presenter still being made, or failed). */
  disabled?: boolean;
}

/**
 * A radio group of catalog items with pictures and playable samples: native radios, so arrow
 * keys move the choice and the group has one tab stop; samples play from their own buttons.
 */
export function choiceGrid(name: string, legend: string, choices: Choice[], selected: string, hint?: string): HTMLFieldSetElement {
  return h(
    'fieldset',
    { class: 'choices' },
    h('legend', null, legend),
    hint ? h('p', { class: 'hint' }, hint) : null,
    h('div', { class: 'choice-grid' }, choices.map((c) => choiceTile(name, c, c.value === selected))),
  );
}

function choiceTile(name: string, c: Choice, checked: boolean): HTMLElement {
  const id = nextId(name);
  const sample: Child = c.audio ? audioButton(c.audio, c.label) : c.video ? previewButton(c.video, c.label) : null;
  return h(
    'div',
    { class: c.disabled ? 'choice disabled' : 'choice' },
    h('input', { type: 'radio', name, id, value: c.value, checked: checked && !c.disabled, disabled: c.disabled }),
    h('label', { for: id }, c.image ? h('img', { src: c.image, alt: '', loading: 'lazy' }) : null, h('span', { class: 'name' }, c.label), c.detail ? h('span', { class: 'detail' }, c.detail) : null),
    sample,
  );
}

/** A template's preview clip, loaded only when asked for, played over the tile's picture. */
function previewButton(src: string, label: string): HTMLElement {
  const video = h('video', { muted: true, loop: true, playsinline: true, preload: 'none', class: 'preview', 'aria-label': `Preview of ${label}` });
  const button = h('button', { type: 'button', class: 'play', 'aria-label': `Play preview of ${label}`, 'aria-pressed': 'false' }, '▶');
  button.addEventListener('click', () => {
    const on = button.getAttribute('aria-pressed') !== 'true';
    button.setAttribute('aria-pressed', String(on));
    button.textContent = on ? '■' : '▶';
    video.classList.toggle('on', on);
    if (!on) return video.pause();
    if (!video.src) video.src = src;
    void video.play().catch(() => undefined);
  });
  return h('span', null, button, video);
}

let playing: HTMLAudioElement | null = null;

/** A play/stop button for a sample; one sample plays at a time. */
export function audioButton(src: string, label: string): HTMLButtonElement {
  const audio = new Audio();
  audio.preload = 'none';
  const button = h('button', { type: 'button', class: 'play', 'aria-label': `Play sample of ${label}`, 'aria-pressed': 'false' }, '▶');
  const set = (on: boolean) => {
    button.textContent = on ? '■' : '▶';
    button.setAttribute('aria-pressed', String(on));
    button.setAttribute('aria-label', `${on ? 'Stop' : 'Play'} sample of ${label}`);
  };
  audio.addEventListener('ended', () => set(false));
  audio.addEventListener('pause', () => set(false));
  audio.addEventListener('play', () => set(true));
  button.addEventListener('click', () => {
    if (!audio.paused) return audio.pause();
    if (playing && playing !== audio) playing.pause();
    if (!audio.src) audio.src = src;
    playing = audio;
    void audio.play().catch(() => set(false));
  });
  return button;
}
