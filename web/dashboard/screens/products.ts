import { api, uploadFile, type Product } from '../api.ts';
import { busy, emptyState, field, formValues, h, input, lines, notice, replace, toast } from '../dom.ts';

/** The first photo that did not fail its check (a failed one would show as a broken image). */
const cover = (p: Product) => p.media.find((m) => m.type === 1 && m.state !== 'failed')?.url;

export function priceText(p: Pick<Product, 'price' | 'currency'>): string {
  if (!p.price) return '';
  const n = Number(p.price);
  if (!p.currency || !Number.isFinite(n)) return p.price;
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: p.currency }).format(n);
  } catch {
    return `${p.price} ${p.currency}`;
  }
}

/** Each media item's check: pending, ok, or failed with the reason (a video of it would not show that item). */
function mediaStates(p: Product): HTMLElement | null {
  const checked = p.media.filter((m) => m.state && m.state !== 'ok');
  if (checked.length === 0) return null;
  const allFailed = p.media.length > 0 && p.media.every((m) => m.state === 'failed');
  return h('ul', { class: 'media-states small', 'aria-label': 'Media checks' },
    allFailed ? h('li', { class: 'failed' }, 'Every photo and clip failed its check: replace them before making a video.') : null,
    ...checked.map((m) => h('li', { class: m.state ?? '', 'data-media-state': m.state ?? '' },
      `${m.name ?? m.url}: ${m.state === 'pending' ? 'being checked…' : `failed — ${m.fail_reason ?? ''}`}`)),
  );
}

export async function productsScreen(main: HTMLElement): Promise<void> {
  const list = h('div', { class: 'grid products', 'aria-live': 'polite' });
  const editor = h('section', { class: 'card', 'aria-labelledby': 'add-title' });

  async function load() {
    const products = await api<Product[]>('GET', '/v1/products?page_size=100');
    replace(
      list,
      products.length === 0
        ? emptyState('No products yet', 'Paste a product page address above, or add one by hand.')
        : products.map((p) => productCard(p)),
    );
  }

  function productCard(p: Product): HTMLElement {
    const img = cover(p);
    return h(
      'article',
      { class: 'card product', 'data-product-id': p.product_id },
      img ? h('img', { src: img, alt: '', loading: 'lazy', class: 'cover' }) : h('div', { class: 'cover placeholder', 'aria-hidden': 'true' }, p.name.slice(0, 1)),
      h('div', { class: 'body' },
        h('h3', null, p.name),
        h('p', { class: 'meta' }, [p.brand, priceText(p), p.language].filter(Boolean).join(' · ') || 'No price or brand'),
        h('p', { class: 'clamp' }, p.description),
        p.url ? h('a', { href: p.url, class: 'small', target: '_blank', rel: 'noopener noreferrer' }, 'Product page ↗') : null,
        mediaStates(p),
      ),
      h('div', { class: 'actions' },
        h('a', { class: 'button primary', href: `#/create?product_id=${p.product_id}` }, 'Make video'),
        h('button', { type: 'button', onclick: () => showEditor(p) }, 'Edit'),
        h('button', {
          type: 'button',
          class: 'danger',
          'aria-label': `Delete ${p.name}`,
          onclick: (e: Event) =>
            busy(e.currentTarget as HTMLButtonElement, async () => {
              if (!confirm(`Delete “${p.name}”? Its videos stay.`)) return;
              await api('DELETE', `/v1/product?product_id=${p.product_id}`);
              toast('Product deleted');
              await load();
            }),
        }, 'Delete'),
      ),
    );
  }

  function fromUrl(): HTMLElement {
    const url = input('url', { type: 'url', required: true, placeholder: 'https://shop.example/products/…' });
    const audience = input('target_audience', { placeholder: 'e.g. home office workers' });
    const status = h('div', { 'aria-live': 'polite' });
    const submit = h('button', { type: 'submit', class: 'primary' }, 'Read the page');
    return h('form', {
      class: 'stack',
      'aria-label': 'Add from a product page',
      onsubmit: (e: Event) => {
        e.preventDefault();
        replace(status, notice('info', 'Reading the page and its photos… this can take up to a minute.'));
        void busy(submit, async () => {
          try {
            const body = formValues(e.target as HTMLFormElement);
            const p = await api<Product>('POST', '/v1/product', { url: body.url, target_audience: body.target_audience || undefined });
            replace(status, notice('ok', `Added “${p.name}” with ${p.media.length} media.`));
            (e.target as HTMLFormElement).reset();
            await load();
          } catch (err) {
            replace(status, notice('error', err instanceof Error ? err.message : String(err)));
          }
        });
      },
    }, field('Product page address', url, 'The page of one product in a shop. Photos and text are copied from it.'), field('Target audience (optional)', audience), status, submit);
  }

  /** Create (p undefined) or edit every field of a product, including price and media. */
  function productForm(p?: Product): HTMLElement {
    const status = h('div', { 'aria-live': 'polite' });
    const submit = h('button', { type: 'submit', class: 'primary' }, p ? 'Save changes' : 'Add product');
    const media = p?.media.map((m) => m.url).join('\n') ?? '';
    const files_ = h('input', { type: 'file', name: 'files', multiple: true, accept: 'image/*,video/mp4,video/quicktime,video/webm' });
    return h('form', {
      class: 'stack',
      'aria-label': p ? `Edit ${p.name}` : 'Add by hand',
      onsubmit: (e: Event) => {
        e.preventDefault();
        void busy(submit, async () => {
          const v = formValues(e.target as HTMLFormElement);
          const files = [...(files_.files ?? [])];
          const uploaded: Array<{ type: number; url: string }> = [];
          try {
            for (const [i, file] of files.entries()) {
              replace(status, notice('info', `Uploading ${file.name} (${i + 1} of ${files.length})…`));
              const up = await uploadFile(file);
              uploaded.push({ type: up.type === 'video' ? 2 : 1, url: up.url });
            }
          } catch (err) {
            return replace(status, notice('error', err instanceof Error ? err.message : String(err)));
          }
          const body: Record<string, unknown> = {
            name: v.name,
            description: v.description,
            target_audience: v.target_audience || undefined,
            brand: v.brand || undefined,
            price: v.price || (p?.price ? 0 : undefined),
            currency: v.currency || undefined,
            selling_points: lines(v.selling_points),
            media: [...lines(v.media).map((url) => ({ type: /\.(mp4|mov|webm)(\?|$)/i.test(url) ? 2 : 1, url })), ...uploaded],
          };
          try {
            if (p) await api('PUT', '/v1/product', { product_id: p.product_id, ...body });
            else await api('POST', '/v1/product', body);
            toast(p ? 'Product saved' : 'Product added');
            showEditor();
            await load();
          } catch (err) {
            replace(status, notice('error', err instanceof Error ? err.message : String(err)));
          }
        });
      },
    },
      field('Name', input('name', { required: true, maxlength: 500, value: p?.name ?? '' })),
      field('Description', h('textarea', { name: 'description', required: true, rows: 4, maxlength: 20000 }, p?.description ?? '')),
      h('div', { class: 'row' },
        field('Brand', input('brand', { maxlength: 200, value: p?.brand ?? '' })),
        field('Price', input('price', { inputmode: 'decimal', value: p?.price ?? '', placeholder: '49.90' }), 'Empty or 0 = no price'),
        field('Currency', input('currency', { maxlength: 3, value: p?.currency ?? '', placeholder: 'EUR', class: 'short' })),
      ),
      field('Target audience', input('target_audience', { maxlength: 2000, value: p?.target_audience ?? '' })),
      field('Selling points', h('textarea', { name: 'selling_points', rows: 3 }, p?.selling_points.join('\n') ?? ''), 'One per line'),
      field('Photos and clips', h('textarea', { name: 'media', rows: 3, placeholder: 'https://…/photo.jpg' }, media), 'One address per line (https). Images and .mp4 clips; leaving it empty keeps the current media.'),
      field('Upload photos or clips', files_, 'Added after the addresses above. Up to 200 MB each.'),
      status,
      h('div', { class: 'actions' }, submit, p ? h('button', { type: 'button', onclick: () => showEditor() }, 'Cancel') : null),
    );
  }

  function showEditor(p?: Product) {
    if (p) {
      replace(editor, h('h2', { id: 'add-title' }, `Edit “${p.name}”`), productForm(p));
      editor.scrollIntoView({ behavior: 'smooth' });
      editor.querySelector('input')?.focus();
      return;
    }
    const tabs = h('div', { class: 'tabs', role: 'tablist' });
    const panel = h('div', { role: 'tabpanel' });
    const modes = [
      { label: 'From a product page', make: fromUrl },
      { label: 'By hand', make: () => productForm() },
    ];
    const pick = (i: number) => {
      tabs.querySelectorAll('button').forEach((b, j) => b.setAttribute('aria-selected', String(i === j)));
      replace(panel, modes[i]!.make());
    };
    modes.forEach((m, i) => tabs.append(h('button', { type: 'button', role: 'tab', onclick: () => pick(i) }, m.label)));
    replace(editor, h('h2', { id: 'add-title' }, 'Add a product'), tabs, panel);
    pick(0);
  }

  showEditor();
  replace(main, h('div', { class: 'page-head' }, h('h1', null, 'Products'), h('p', { class: 'muted' }, 'What your videos are about.')), editor, h('h2', null, 'Your products'), list);
  await load();
}
