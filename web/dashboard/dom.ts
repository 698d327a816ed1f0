/** A tiny element builder: the dashboard's only "framework". */
export type Child = Node | string | number | null | undefined | false | Child[];
type Props = Record<string, unknown> | null | undefined;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
    else if (k === 'value' || k === 'checked' || k === 'selected' || k === 'muted') (el as unknown as Record<string, unknown>)[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

export function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

let uid = 0;
/** A unique id for label/for and aria-describedby pairs. */
export const nextId = (prefix: string) => `${prefix}-${++uid}`;

/** A labelled form field: label, control, optional hint. */
export function field(label: string, control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, hint?: string): HTMLElement {
  control.id ||= nextId('f');
  const hintEl = hint ? h('small', { id: `${control.id}-hint`, class: 'hint' }, hint) : null;
  if (hintEl) control.setAttribute('aria-describedby', hintEl.id);
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control, hintEl);
}

export function input(name: string, props: Record<string, unknown> = {}): HTMLInputElement {
  return h('input', { name, type: 'text', ...props });
}

export function select(name: string, options: Array<{ value: string; label: string }>, selected?: string): HTMLSelectElement {
  return h('select', { name }, options.map((o) => h('option', { value: o.value, selected: o.value === selected }, o.label)));
}

/** A message box: role=alert for errors so screen readers announce it. */
export function notice(kind: 'error' | 'ok' | 'info', text: Child): HTMLElement {
  return h('div', { class: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}

const toasts = () => document.getElementById('toasts') ?? document.body.appendChild(h('div', { id: 'toasts', 'aria-live': 'polite' }));
export function toast(text: string, kind: 'ok' | 'error' = 'ok'): void {
  const t = h('div', { class: `toast ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
  toasts().appendChild(t);
  setTimeout(() => t.remove(), 5000);
}

export function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === 'string') out[k] = v.trim();
  return out;
}

export const lines = (text: string | undefined) => (text ?? '').split('\n').map((s) => s.trim()).filter(Boolean);

export function when(unixSeconds: number | null | undefined): string {
  if (!unixSeconds) return '—';
  return new Date(unixSeconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

/** Runs an async action from a button, disabling it meanwhile; errors become a toast. */
export async function busy(button: HTMLButtonElement | null, work: () => Promise<void>): Promise<void> {
  if (button) button.disabled = true;
  try {
    await work();
  } catch (err) {
    toast(err instanceof Error ? err.message : String(err), 'error');
  } finally {
    if (button) button.disabled = false;
  }
}

export function emptyState(title: string, text: string, action?: Child): HTMLElement {
  return h('div', { class: 'empty' }, h('h3', null, title), h('p', null, text), action);
}
