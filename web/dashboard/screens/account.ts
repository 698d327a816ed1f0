import { api } from '../api.ts';
import { bytes, h, replace, when } from '../dom.ts';

interface LedgerPage {
  total: number;
  page: number;
  page_size: number;
  entries: Array<{ delta: number; reason: string; project_id: string | null; created_at: number }>;
}
interface Key {
  key_prefix: string;
  created_at: number;
  revoked_at: number | null;
  current: boolean;
}

const REASONS: Record<string, string> = { video: 'Video made', refund: 'Refund (video failed)', grant: 'Added by the operator', deduction: 'Taken by the operator' };

export async function accountScreen(main: HTMLElement): Promise<void> {
  const [who, quota, keys] = await Promise.all([
    api<{ username: string; email: string; storage_used_bytes: number; storage_quota_bytes: number | null }>('GET', '/v1/whoami'),
    api<{ remaining_quota: number }>('GET', '/v2/user/remaining_quota'),
    api<{ keys: Key[] }>('GET', '/v1/account/keys'),
  ]);
  const ledger = h('div', { class: 'table-wrap' });
  const showLedger = async (page: number) => {
    const l = await api<LedgerPage>('GET', `/v1/account/ledger?page=${page}&page_size=20`);
    const pages = Math.max(1, Math.ceil(l.total / l.page_size));
    replace(ledger,
      h('table', { class: 'ledger' },
        h('caption', null, `${l.total} change${l.total === 1 ? '' : 's'} of credit`),
        h('thead', null, h('tr', null, ['When', 'Change', 'Why', 'Video'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', null, l.entries.map((e) => h('tr', null,
          h('td', null, when(e.created_at)),
          h('td', { class: `num ${e.delta > 0 ? 'plus' : 'minus'}` }, e.delta > 0 ? `+${e.delta}` : String(e.delta)),
          h('td', null, REASONS[e.reason] ?? e.reason),
          h('td', null, e.project_id ? h('a', { href: `#/videos?focus=${e.project_id}` }, h('code', null, e.project_id.slice(0, 8))) : '—'))))),
      pages > 1 ? h('div', { class: 'actions pager' },
        h('button', { type: 'button', disabled: l.page <= 1, onclick: () => void showLedger(l.page - 1) }, 'Newer'),
        h('span', { class: 'meta' }, `Page ${l.page} of ${pages}`),
        h('button', { type: 'button', disabled: l.page >= pages, onclick: () => void showLedger(l.page + 1) }, 'Older')) : null);
  };
  const share = who.storage_quota_bytes ? Math.min(100, Math.round((who.storage_used_bytes / who.storage_quota_bytes) * 100)) : null;
  replace(
    main,
    h('div', { class: 'page-head' }, h('h1', null, 'Account')),
    h('div', { class: 'grid stats' },
      h('section', { class: 'card stat' }, h('h2', null, 'Credits'), h('p', { class: 'figure', 'data-testid': 'credits' }, quota.remaining_quota), h('p', { class: 'muted' }, 'A product video costs 1 credit; a failed video gives it back.')),
      h('section', { class: 'card stat' }, h('h2', null, 'Storage'),
        h('p', { class: 'figure' }, bytes(who.storage_used_bytes)),
        share !== null ? h('progress', { max: 100, value: share, 'aria-label': 'Storage used' }) : null,
        h('p', { class: 'muted' }, who.storage_quota_bytes ? `${share}% of ${bytes(who.storage_quota_bytes)}` : 'No limit')),
      h('section', { class: 'card stat' }, h('h2', null, 'Signed in as'), h('p', { class: 'figure small' }, who.username), h('p', { class: 'muted' }, who.email || 'No e-mail on file')),
    ),
    h('section', { class: 'card' }, h('h2', null, 'Credit history'), ledger),
    h('section', { class: 'card' }, h('h2', null, 'API keys'),
      h('ul', { class: 'keys' }, keys.keys.map((k) => h('li', null,
        h('code', null, `${k.key_prefix}…`),
        k.current ? h('span', { class: 'badge busy' }, 'this session') : null,
        h('span', { class: `badge ${k.revoked_at ? 'bad' : 'ok'}` }, k.revoked_at ? 'revoked' : 'active'),
        h('span', { class: 'meta' }, `made ${when(k.created_at)}${k.revoked_at ? `, revoked ${when(k.revoked_at)}` : ''}`)))),
      h('p', { class: 'muted' }, 'Keys are made and revoked by your operator; only their first characters are shown. Your key is kept in this browser tab only and forgotten when you sign out or close the tab. Developers: the API reference is at ', h('a', { href: '/docs' }, '/docs'), '.')),
  );
  await showLedger(1);
}
