import { api } from '../api.ts';
import { bytes, h, replace } from '../dom.ts';

export async function accountScreen(main: HTMLElement): Promise<void> {
  const [who, quota] = await Promise.all([
    api<{ username: string; email: string; storage_used_bytes: number; storage_quota_bytes: number | null }>('GET', '/v1/whoami'),
    api<{ remaining_quota: number }>('GET', '/v2/user/remaining_quota'),
  ]);
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
    h('section', { class: 'card' }, h('h2', null, 'Keys and credits'), h('p', null, 'Keys are made, revoked and topped up by your operator. Your key is kept in this browser tab only and forgotten when you sign out or close the tab.'), h('p', null, 'Developers: the API and its reference are at ', h('a', { href: '/docs' }, '/docs'), '.')),
  );
}
