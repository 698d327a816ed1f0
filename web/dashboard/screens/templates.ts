import { api, type Template } from '../api.ts';
import { busy, emptyState, h, replace, toast } from '../dom.ts';

/**
 * The account's own templates (GET /v1/templates/custom) with their variables, and delete.
 * They are made from a scene description through POST /v1/templates/custom (docs/templates.md).
 */
export async function templatesScreen(main: HTMLElement): Promise<void> {
  const list = h('div', { class: 'grid products', 'aria-live': 'polite' });
  async function refresh() {
    const { templates } = await api<{ templates: Template[] }>('GET', '/v1/templates/custom');
    if (templates.length === 0) replace(list, emptyState('No templates of your own yet', 'Make one from a scene description with POST /v1/templates/custom (see docs/templates.md); it then shows here and in New video.'));
    else replace(list, templates.map(card));
  }
  const card = (t: Template) =>
    h('article', { class: 'card product', 'data-template-id': t.id },
      h('img', { class: 'cover', src: t.cover_url, alt: '', loading: 'lazy' }),
      h('div', { class: 'body' },
        h('h3', null, t.name),
        h('p', { class: 'meta' }, `Fills: ${t.variables.map((v) => `${v.name}${v.required ? '*' : ''} (${v.type})`).join(', ') || 'nothing'}`)),
      h('div', { class: 'actions' },
        h('a', { class: 'button', href: `#/create?kind=template` }, 'Make video'),
        h('button', {
          type: 'button',
          class: 'danger',
          'aria-label': `Delete ${t.name}`,
          onclick: (e: Event) => busy(e.currentTarget as HTMLButtonElement, async () => {
            if (!confirm(`Delete the template “${t.name}”? Videos already made keep their copy.`)) return;
            await api('DELETE', `/v1/templates/custom?template_id=${t.id}`);
            toast('Template deleted');
            await refresh();
          }),
        }, 'Delete')));
  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'Templates')), h('p', { class: 'muted' }, 'Your own templates. Starred variables are required.'), list);
  await refresh();
}
