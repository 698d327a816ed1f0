import { api, call, session } from './api.ts';
import { h, notice, replace, field, input } from './dom.ts';
import { productsScreen } from './screens/products.ts';
import { videosScreen } from './screens/videos.ts';
import { createVideoScreen } from './screens/create-video.ts';
import { voicesScreen } from './screens/voices.ts';
import { presentersScreen } from './screens/presenters.ts';
import { templatesScreen } from './screens/templates.ts';
import { webhooksScreen } from './screens/webhooks.ts';
import { accountScreen } from './screens/account.ts';
import { operatorScreen } from './screens/operator.ts';

/** A screen draws itself into `main` and may return a cleanup (timers, players). */
export type Screen = (main: HTMLElement, params: URLSearchParams) => Promise<(() => void) | void>;

interface Route {
  path: string;
  label: string;
  icon: string;
  screen: Screen;
  needs: 'key' | 'admin';
}

const routes: Route[] = [
  { path: 'products', label: 'Products', icon: '▦', screen: productsScreen, needs: 'key' },
  { path: 'create', label: 'New video', icon: '＋', screen: createVideoScreen, needs: 'key' },
  { path: 'videos', label: 'Videos', icon: '▶', screen: videosScreen, needs: 'key' },
  { path: 'presenters', label: 'Presenters', icon: '☺', screen: presentersScreen, needs: 'key' },
  { path: 'voices', label: 'Voices', icon: '♪', screen: voicesScreen, needs: 'key' },
  { path: 'templates', label: 'Templates', icon: '▤', screen: templatesScreen, needs: 'key' },
  { path: 'webhooks', label: 'Webhooks', icon: '⇄', screen: webhooksScreen, needs: 'key' },
  { path: 'account', label: 'Account', icon: '◉', screen: accountScreen, needs: 'key' },
  { path: 'operator', label: 'Operator', icon: '⚙', screen: operatorScreen, needs: 'admin' },
];

const app = document.getElementById('app')!;
let cleanup: (() => void) | void;

function parseHash(): { path: string; params: URLSearchParams } {
  const raw = location.hash.replace(/^#\/?/, '');
  const [path = '', query = ''] = raw.split('?');
  return { path, params: new URLSearchParams(query) };
}

export function go(path: string): void {
  location.hash = `#/${path}`;
}

async function render(): Promise<void> {
  cleanup?.();
  cleanup = undefined;
  if (!session.key && !session.admin) return signIn();
  const allowed = routes.filter((r) => (r.needs === 'key' ? session.key : session.admin));
  const { path, params } = parseHash();
  const route = allowed.find((r) => r.path === path);
  if (!route) return go(allowed[0]!.path);
  const main = h('main', { id: 'main', tabindex: '-1' });
  const nav = h(
    'nav',
    { 'aria-label': 'Main' },
    h(
      'ul',
      null,
      allowed.map((r) => h('li', null, h('a', { href: `#/${r.path}`, 'aria-current': r === route ? 'page' : undefined }, h('span', { class: 'icon', 'aria-hidden': 'true' }, r.icon), r.label))),
    ),
  );
  const signOut = h('button', { type: 'button', class: 'ghost', onclick: () => { session.clear(); location.hash = ''; void render(); } }, 'Sign out');
  replace(app, h('header', { class: 'topbar' }, h('a', { class: 'brand', href: '#/' }, h('span', { class: 'logo', 'aria-hidden': 'true' }, '▶'), 'Reelsmith'), h('span', { class: 'who', id: 'who' }), signOut), h('div', { class: 'layout' }, nav, main));
  document.title = `${route.label} · Reelsmith`;
  window.scrollTo(0, 0);
  if (session.key) void api<{ username: string }>('GET', '/v1/whoami').then((w) => (document.getElementById('who')!.textContent = w.username)).catch(() => undefined);
  else document.getElementById('who')!.textContent = 'operator';
  try {
    cleanup = await route.screen(main, params);
  } catch (err) {
    main.append(notice('error', err instanceof Error ? err.message : String(err)));
  }
  main.focus({ preventScroll: true });
}

function signIn(): void {
  const key = input('api_key', { type: 'password', autocomplete: 'off', required: false, placeholder: 'rs_…' });
  const token = input('admin_token', { type: 'password', autocomplete: 'off', placeholder: 'ADMIN_TOKEN' });
  const status = h('div', { 'aria-live': 'polite' });
  const form = h(
    'form',
    {
      class: 'card signin',
      onsubmit: async (e: Event) => {
        e.preventDefault();
        const k = key.value.trim();
        const t = token.value.trim();
        if (!k && !t) return replace(status, notice('error', 'Enter your API key (or, for operators, the admin token).'));
        try {
          if (k) await call('GET', '/v1/whoami', undefined, { key: k });
          if (t) await call('GET', '/admin/accounts', undefined, { admin: true, adminToken: t });
          session.set(k || null, t || null);
          location.hash = k ? '#/videos' : '#/operator';
          void render();
        } catch (err) {
          replace(status, notice('error', err instanceof Error ? err.message : String(err)));
        }
      },
    },
    h('div', { class: 'brand big' }, h('span', { class: 'logo', 'aria-hidden': 'true' }, '▶'), 'Reelsmith'),
    h('h1', null, 'Sign in'),
    h('p', { class: 'muted' }, 'Product videos from a product page, in minutes. Your key stays in this browser tab only.'),
    field('API key', key, 'The key your operator gave you; it starts with rs_.'),
    h('details', { class: 'operator-login' }, h('summary', null, 'Operator sign-in'), field('Admin token', token, 'The server’s ADMIN_TOKEN setting. Operator mode is off when it is not set.')),
    status,
    h('button', { type: 'submit', class: 'primary' }, 'Sign in'),
  );
  replace(app, h('main', { id: 'main', class: 'signin-page' }, form));
  document.title = 'Sign in · Reelsmith';
  key.focus();
}

window.addEventListener('hashchange', () => void render());
void render();
