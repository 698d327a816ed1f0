import { admin, type AccountRow } from '../api.ts';
import { busy, field, h, input, notice, replace, toast } from '../dom.ts';

/** Operator mode (ADMIN_TOKEN): the CLI's operator commands through the /admin/ routes. */
export async function operatorScreen(main: HTMLElement): Promise<void> {
  const table = h('div', { class: 'table-wrap' });
  const shown = h('div', { 'aria-live': 'polite' });

  const showKey = (username: string, key: string) =>
    replace(shown, notice('ok', h('span', null, `New API key for ${username} (shown once; copy it now): `, h('code', { class: 'secret', 'data-testid': 'new-key' }, key))));

  async function load() {
    const { accounts } = await admin<{ accounts: AccountRow[] }>('GET', '/admin/accounts');
    replace(table, h('table', { class: 'accounts' },
      h('caption', null, `${accounts.length} account${accounts.length === 1 ? '' : 's'}`),
      h('thead', null, h('tr', null, ['Account', 'Credits', 'Status', 'Keys', 'Storage quota', 'Created', 'Add credits', ''].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', null, accounts.map(accountRow))));
  }

  function accountRow(a: AccountRow): HTMLElement {
    const amount = input('amount', { type: 'number', step: 1, value: '10', class: 'short', 'aria-label': `Credits to add to ${a.username}` });
    const active = a.status === 'active';
    const quota = input('quota_mb', { type: 'number', min: 0, step: 1, value: a.quota_mb === null ? '' : String(a.quota_mb), placeholder: 'default', class: 'short', 'aria-label': `Storage quota of ${a.username} in MB (empty: the server's default; 0: no limit)` });
    return h('tr', { 'data-username': a.username },
      h('th', { scope: 'row' }, a.username, a.email ? h('span', { class: 'meta block' }, a.email) : null),
      h('td', { class: 'num', 'data-testid': 'credits' }, a.credits),
      h('td', null, h('span', { class: `badge ${active ? 'ok' : 'bad'}` }, a.status)),
      h('td', { class: 'num' }, a.active_keys),
      h('td', null, h('form', { class: 'inline', onsubmit: (e: Event) => {
        e.preventDefault();
        const raw = quota.value.trim();
        void busy((e.target as HTMLFormElement).querySelector('button'), async () => {
          await admin('POST', '/admin/accounts/quota', raw === '' ? { username: a.username } : { username: a.username, quota_mb: Number(raw) });
          toast(raw === '' ? `${a.username} follows the server's default quota` : `${a.username}'s quota is ${raw === '0' ? 'unlimited' : `${raw} MB`}`);
          await load();
        });
      } }, quota, h('button', { type: 'submit' }, 'Set'))),
      h('td', null, a.created_at),
      h('td', null, h('form', { class: 'inline', onsubmit: (e: Event) => {
        e.preventDefault();
        void busy((e.target as HTMLFormElement).querySelector('button'), async () => {
          const r = await admin<{ credits: number }>('POST', '/admin/credits', { username: a.username, amount: Number(amount.value) });
          toast(`${a.username} now has ${r.credits} credits`);
          await load();
        });
      } }, amount, h('button', { type: 'submit' }, 'Add'))),
      h('td', { class: 'actions' },
        h('button', { type: 'button', onclick: (e: Event) => busy(e.currentTarget as HTMLButtonElement, async () => {
          const r = await admin<{ api_key: string }>('POST', '/admin/keys', { username: a.username });
          showKey(a.username, r.api_key);
          await load();
        }) }, 'New key'),
        h('button', { type: 'button', class: active ? 'danger' : '', onclick: (e: Event) => busy(e.currentTarget as HTMLButtonElement, async () => {
          if (active && !confirm(`Suspend ${a.username}? Its keys stop working until it is activated.`)) return;
          await admin('POST', '/admin/accounts/status', { username: a.username, status: active ? 'suspended' : 'active' });
          toast(active ? `${a.username} suspended` : `${a.username} activated`);
          await load();
        }) }, active ? 'Suspend' : 'Activate'),
      ),
    );
  }

  const createStatus = h('div', { 'aria-live': 'polite' });
  const createForm: HTMLFormElement = h('form', { class: 'card stack', 'aria-labelledby': 'op-new', onsubmit: (e: Event) => {
    e.preventDefault();
    void busy(createForm.querySelector('button'), async () => {
      const fd = new FormData(createForm);
      try {
        const r = await admin<{ username: string; api_key: string }>('POST', '/admin/accounts', { username: String(fd.get('username')).trim(), email: String(fd.get('email')).trim() || undefined, credits: Number(fd.get('credits') || 0) });
        replace(createStatus);
        showKey(r.username, r.api_key);
        createForm.reset();
        await load();
      } catch (err) {
        replace(createStatus, notice('error', err instanceof Error ? err.message : String(err)));
      }
    });
  } },
    h('h2', { id: 'op-new' }, 'New account'),
    h('div', { class: 'row' }, field('Username', input('username', { required: true, maxlength: 64, pattern: '[A-Za-z0-9][A-Za-z0-9_.\\-]{1,63}' }), 'Letters, digits, _ . -'), field('E-mail', input('email', { type: 'email' })), field('Opening credits', input('credits', { type: 'number', min: 0, step: 1, value: '10', class: 'short' }))),
    createStatus,
    h('button', { type: 'submit', class: 'primary' }, 'Create account and key'));

  const revokeForm: HTMLFormElement = h('form', { class: 'card stack', 'aria-labelledby': 'op-revoke', onsubmit: (e: Event) => {
    e.preventDefault();
    void busy(revokeForm.querySelector('button'), async () => {
      await admin('POST', '/admin/keys/revoke', { api_key: String(new FormData(revokeForm).get('api_key')).trim() });
      toast('Key revoked');
      revokeForm.reset();
      await load();
    });
  } }, h('h2', { id: 'op-revoke' }, 'Revoke a key'), field('API key', input('api_key', { required: true, autocomplete: 'off' }), 'The whole key; it stops working at once.'), h('button', { type: 'submit', class: 'danger' }, 'Revoke'));

  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'Operator'), h('p', { class: 'muted' }, 'Accounts, keys and credits of this server.')), shown, h('section', { class: 'card' }, h('h2', null, 'Accounts'), table), h('div', { class: 'grid two' }, createForm, revokeForm));
  await load();
}
