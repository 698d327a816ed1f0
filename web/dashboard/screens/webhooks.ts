import { api, type Delivery, type Endpoint } from '../api.ts';
import { busy, emptyState, field, h, input, notice, replace, toast, when } from '../dom.ts';

const COMMON = ['generated_video_success', 'generated_video_failed', 'generated_product_video_success', 'generated_product_video_failed'];

export async function webhooksScreen(main: HTMLElement): Promise<() => void> {
  const events = (await api<{ events: string[] }>('GET', '/v2/events')).events;
  const list = h('div', { class: 'stack' });
  const formHolder = h('section', { class: 'card', 'aria-labelledby': 'wh-form' });
  let logTimer: ReturnType<typeof setTimeout> | undefined;
  let openLog: string | null = null;

  async function load() {
    const endpoints = (await api<{ endpoints: Endpoint[] }>('GET', '/v2/endpoints')).endpoints;
    replace(list, endpoints.length === 0 ? emptyState('No endpoints', 'Add an address that should hear when a video is ready or failed.') : endpoints.map(endpointCard));
    if (openLog && endpoints.some((e) => e.endpoint_id === openLog)) void showLog(openLog);
  }

  function eventBoxes(selected: string[]): HTMLElement {
    const box = (e: string) => {
      const id = `ev-${e}`;
      return h('div', { class: 'check' }, h('input', { type: 'checkbox', name: 'events', value: e, id, checked: selected.includes(e) }), h('label', { for: id }, e.replaceAll('_', ' ')));
    };
    const more = events.filter((e) => !COMMON.includes(e));
    return h('fieldset', { class: 'events' }, h('legend', null, 'Events'),
      h('div', { class: 'event-grid' }, COMMON.map(box)),
      more.length ? h('details', { class: 'optional', open: more.some((e) => selected.includes(e)) }, h('summary', null, `Other events (${more.length})`), h('div', { class: 'event-grid' }, more.map(box))) : null);
  }

  function endpointForm(ep?: Endpoint): HTMLElement {
    const status = h('div', { 'aria-live': 'polite' });
    const submit = h('button', { type: 'submit', class: 'primary' }, ep ? 'Save endpoint' : 'Add endpoint');
    const form: HTMLFormElement = h('form', {
      class: 'stack',
      onsubmit: (e: Event) => {
        e.preventDefault();
        void busy(submit, async () => {
          const fd = new FormData(form);
          const body = { url: String(fd.get('url') ?? '').trim(), events: fd.getAll('events').map(String), status: ep?.status ?? 'enabled' };
          try {
            const saved = ep ? await api<Endpoint>('PUT', `/v2/endpoint/${ep.endpoint_id}`, body) : await api<Endpoint>('POST', '/v2/endpoint', body);
            if (!ep) {
              // The signing secret, shown once here; the list keeps it behind "Show secret".
              replace(formHolder, h('h2', { id: 'wh-form' }, 'Endpoint added'), notice('ok', h('span', null, 'Copy the signing secret now; your receiver checks signatures with it: ', h('code', { class: 'secret', 'data-testid': 'new-secret' }, saved.secret))), h('button', { type: 'button', onclick: () => showForm() }, 'Add another'));
            } else {
              toast('Endpoint saved');
              showForm();
            }
            await load();
          } catch (err) {
            replace(status, notice('error', err instanceof Error ? err.message : String(err)));
          }
        });
      },
    }, field('Receiver address', input('url', { type: 'url', required: true, value: ep?.url ?? '', placeholder: 'https://example.com/hooks/reelsmith' })), eventBoxes(ep?.events ?? COMMON.slice(0, 2)), status, h('div', { class: 'actions' }, submit, ep ? h('button', { type: 'button', onclick: () => showForm() }, 'Cancel') : null));
    return form;
  }

  function showForm(ep?: Endpoint) {
    replace(formHolder, h('h2', { id: 'wh-form' }, ep ? 'Edit endpoint' : 'Add an endpoint'), endpointForm(ep));
    if (ep) {
      formHolder.scrollIntoView({ behavior: 'smooth' });
      formHolder.querySelector('input')?.focus();
    }
  }

  function endpointCard(ep: Endpoint): HTMLElement {
    const secret = h('code', { class: 'secret' }, '••••••••••••');
    const log = h('div', { class: 'log', id: `log-${ep.endpoint_id}` });
    const enabled = ep.status === 'enabled';
    return h('article', { class: 'card endpoint', 'data-endpoint-id': ep.endpoint_id },
      h('div', { class: 'title-row' }, h('h3', { class: 'url' }, ep.url), h('span', { class: `badge ${enabled ? 'ok' : 'mute'}` }, enabled ? 'Enabled' : 'Disabled')),
      h('p', { class: 'meta' }, `${ep.events.length} event${ep.events.length === 1 ? '' : 's'}: ${ep.events.join(', ')}`),
      h('p', { class: 'meta' }, 'Secret: ', secret, ' ', h('button', { type: 'button', class: 'link', onclick: (e: Event) => { secret.textContent = ep.secret; (e.target as HTMLElement).remove(); } }, 'Show secret')),
      h('div', { class: 'actions' },
        h('button', { type: 'button', onclick: () => void toggleLog(ep.endpoint_id), 'aria-expanded': String(openLog === ep.endpoint_id), 'aria-controls': log.id }, 'Deliveries'),
        h('button', { type: 'button', onclick: () => showForm(ep) }, 'Edit'),
        enabled
          ? h('button', { type: 'button', onclick: (e: Event) => busy(e.currentTarget as HTMLButtonElement, async () => {
              await api('POST', `/v2/endpoint/${ep.endpoint_id}/test`);
              toast('Test event sent: see Deliveries');
              if (openLog !== ep.endpoint_id) await toggleLog(ep.endpoint_id);
            }) }, 'Send test event')
          : null,
        h('button', { type: 'button', onclick: (e: Event) => busy(e.currentTarget as HTMLButtonElement, async () => {
          await api('PUT', `/v2/endpoint/${ep.endpoint_id}`, { url: ep.url, events: ep.events, status: enabled ? 'disabled' : 'enabled' });
          toast(enabled ? 'Endpoint disabled' : 'Endpoint enabled');
          await load();
        }) }, enabled ? 'Disable' : 'Enable'),
        h('button', { type: 'button', class: 'danger', onclick: (e: Event) => busy(e.currentTarget as HTMLButtonElement, async () => {
          if (!confirm(`Delete the endpoint ${ep.url}? Pending deliveries are cancelled.`)) return;
          await api('DELETE', `/v2/endpoint/${ep.endpoint_id}`);
          toast('Endpoint deleted');
          await load();
        }) }, 'Delete'),
      ),
      log,
    );
  }

  async function toggleLog(id: string) {
    clearTimeout(logTimer);
    if (openLog === id) {
      openLog = null;
      document.getElementById(`log-${id}`)?.replaceChildren();
      return;
    }
    if (openLog) document.getElementById(`log-${openLog}`)?.replaceChildren();
    openLog = id;
    await showLog(id);
  }

  /** The delivery log of one endpoint, refreshed every 3 s while it is open. */
  async function showLog(id: string) {
    clearTimeout(logTimer);
    const holder = document.getElementById(`log-${id}`);
    if (!holder || openLog !== id) return;
    const data = await api<{ total: number; deliveries: Delivery[] }>('GET', `/v2/endpoint/${id}/deliveries?page_size=50`);
    const open = new Set([...holder.querySelectorAll('details[open]')].map((d) => (d as HTMLElement).dataset.id));
    replace(holder, h('h4', null, `Deliveries (${data.total})`),
      data.deliveries.length === 0 ? h('p', { class: 'muted' }, 'Nothing sent yet. Deliveries appear when a video finishes.') :
      h('div', { class: 'deliveries' }, data.deliveries.map((d) => deliveryRow(id, d, open.has(d.delivery_id)))));
    logTimer = setTimeout(() => void showLog(id).catch(() => undefined), 3000);
  }

  function deliveryRow(endpointId: string, d: Delivery, open: boolean): HTMLElement {
    const tone = d.status === 'succeeded' ? 'ok' : d.status === 'failed' ? 'bad' : d.status === 'pending' ? 'wait' : 'mute';
    return h('details', { class: 'delivery', 'data-id': d.delivery_id, 'data-status': d.status, open },
      h('summary', null,
        h('span', { class: `badge ${tone}` }, d.status),
        h('span', { class: 'event' }, d.event),
        h('span', { class: 'meta' }, `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`, d.last_status_code ? ` · HTTP ${d.last_status_code}` : '', ` · ${when(d.created_at)}`, d.resent_from ? ' · resent' : '')),
      h('div', { class: 'delivery-body' },
        d.next_attempt_at ? h('p', { class: 'meta' }, `Next attempt ${when(d.next_attempt_at)}`) : null,
        d.last_error ? h('p', { class: 'error-text' }, d.last_error) : null,
        h('table', null, h('caption', { class: 'sr-only' }, 'Attempts'),
          h('thead', null, h('tr', null, ['#', 'Sent', 'Time', 'Answer', 'Response'].map((t) => h('th', { scope: 'col' }, t)))),
          h('tbody', null, d.attempt_log.map((a) => h('tr', null,
            h('td', null, a.attempt), h('td', null, when(a.started_at)), h('td', null, `${a.duration_ms} ms`),
            h('td', null, a.status_code ? `HTTP ${a.status_code}` : (a.error_class ?? '—')),
            h('td', null, h('code', { class: 'excerpt' }, a.response_excerpt ?? a.error ?? ''))))),
        ),
        h('details', { class: 'payload' }, h('summary', null, 'Body sent'), h('pre', null, JSON.stringify(d.payload, null, 2))),
        h('button', { type: 'button', onclick: (e: Event) => busy(e.currentTarget as HTMLButtonElement, async () => {
          await api('POST', `/v2/endpoint/${endpointId}/deliveries/${d.delivery_id}/resend`);
          toast('Sent again');
          await showLog(endpointId);
        }) }, 'Resend'),
      ),
    );
  }

  showForm();
  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'Webhooks'), h('p', { class: 'muted' }, 'Your servers hear when videos are ready.')), h('h2', null, 'Endpoints'), list, formHolder);
  await load();
  return () => clearTimeout(logTimer);
}
