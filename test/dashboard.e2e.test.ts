import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startSampleShop, type SampleShop } from '../scripts/sample-shop.ts';
import { reposFor } from '../src/db/repos.ts';
import { SCENE_EXAMPLE } from '../src/templates/template.schemas.ts';
import { ensureDashboardBuilt } from './support/dashboard.ts';
import { detectLanguage } from '../src/products/language-detect.ts';
import { startServer, type TestServer } from './support/server.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';
import { portraitPhoto } from './support/face-photos.ts';

/**
 * The dashboard in a real browser (Debian's chromium, driven by playwright-core) against a real
 * server on loopback: sign in, a webhook endpoint at a loopback receiver, a product crawled from
 * the sample shop, a 15 s video made by the real pipeline (RENDER_SCALE=0.25) watched to the end
 * and played, its delivery in the log and resent, then operator mode adds credits.
 * DASHBOARD_SCREENSHOTS=<dir> saves a PNG of each screen (docs/dashboard/ holds the committed ones).
 */
const ADMIN_TOKEN = 'dashboard-test-admin-token';
const shots = process.env.DASHBOARD_SCREENSHOTS;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

describe('dashboard, end to end in chromium', () => {
  let s: TestServer;
  let shop: SampleShop;
  let receiver: Receiver;
  let context: BrowserContext;
  let page: Page;
  let profile: string;
  const pageErrors: string[] = [];

  before(async () => {
    if (!fs.existsSync('/usr/bin/chromium')) throw new Error('/usr/bin/chromium is missing: scripts/setup.sh installs Debian\'s chromium package');
    await ensureDashboardBuilt();
    shop = await startSampleShop();
    receiver = await startReceiver();
    s = await startServer({ selfBaseUrl: true, env: { ALLOW_PRIVATE_URLS: '1', RENDER_SCALE: '0.25', ADMIN_TOKEN } });
    s.running.startBackground();
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-chromium-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 860 } });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // Which resource a "Failed to load resource" console error was about.
    page.on('response', (r) => {
      if (r.status() >= 400) console.log(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
  });
  after(async () => {
    await context?.close();
    await s?.close();
    await receiver?.close();
    await shop?.close();
    if (profile) fs.rmSync(profile, { recursive: true, force: true });
  });

  const shot = async (name: string, p: Page = page) => {
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    await p.waitForFunction(() => [...document.images].every((i) => i.complete), undefined, { timeout: 15_000 }).catch(() => undefined);
    await p.evaluate(() => document.getElementById('toasts')?.replaceChildren());
    await p.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });
  };
  /** Every form control and button on the screen has a name a screen reader can say. */
  const assertLabelled = async (screen: string) => {
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('input, select, textarea, button')]
        .filter((el) => {
          const c = el as HTMLInputElement;
          if (c.type === 'hidden') return false;
          const named = (c.labels?.length ?? 0) > 0 || c.getAttribute('aria-label') || c.getAttribute('aria-labelledby') || (el.tagName === 'BUTTON' && el.textContent?.trim());
          return !named;
        })
        .map((el) => el.outerHTML.slice(0, 120)),
    );
    assert.deepEqual(unnamed, [], `unlabelled controls on ${screen}`);
  };
  const nav = async (label: string) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await page.getByRole('heading', { level: 1, name: label === 'New video' ? 'New video' : label }).waitFor();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await assertLabelled(label);
  };

  it('signs in, crawls, makes and plays a video, shows and resends its delivery; the operator adds credits', { timeout: 240_000 }, async () => {
    try {
      await journey();
    } catch (err) {
      // What the page showed when it failed, to read with the assertion.
      const file = path.join(os.tmpdir(), `reelsmith-dashboard-failure-${process.pid}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      const text = await page.locator('body').innerText().catch(() => '');
      throw new Error(`${err instanceof Error ? err.message : String(err)}\nURL ${page.url()}; screenshot ${file}; page errors ${JSON.stringify(pageErrors)}\n${text.slice(0, 1500)}`);
    }
  });

  async function journey() {
    const t0 = Date.now();
    const mark = (what: string) => process.env.DASHBOARD_TIMINGS && console.log(`${((Date.now() - t0) / 1000).toFixed(1)} s ${what}`);
    const { username, apiKey } = await s.account({ credits: 3 });

    // Sign in: a wrong key is refused in words, the right one opens the videos screen.
    await page.goto(`${s.baseUrl}/`);
    await shot('sign-in');
    await assertLabelled('sign in');
    await page.getByLabel('API key').fill('rs_wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'not valid' }).waitFor();
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Videos' }).waitFor();
    assert.equal(await page.evaluate(() => sessionStorage.getItem('reelsmith.apiKey')), apiKey);
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'nothing kept beyond the session');

    // A webhook endpoint at the loopback receiver; its secret is shown once.
    await nav('Webhooks');
    await page.getByLabel('Receiver address').fill(receiver.url('/hook'));
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByTestId('new-secret').textContent();
    assert.match(secret ?? '', /^whsec_/);

    mark('signed in, endpoint added');
    // A product crawled from the sample shop; a page that is not there is refused in words.
    await nav('Products');
    await page.getByLabel('Product page address').fill(`${shop.baseUrl}/no-such-product.html`);
    await page.getByRole('button', { name: 'Read the page' }).click();
    const refusal = (await page.getByRole('alert').first().textContent({ timeout: 30_000 })) ?? '';
    assert.match(refusal, /^The page could not be read: .*404/, refusal);
    assert.doesNotMatch(refusal, /Parameter error|Failed to extract/);
    await page.getByLabel('Product page address').fill(shop.productUrl);
    await page.getByRole('button', { name: 'Read the page' }).click();
    await page.getByRole('status').filter({ hasText: /^Added “/ }).waitFor({ timeout: 60_000 });
    const card = page.locator('article.product').first();
    assert.match((await card.locator('h3').textContent()) ?? '', /Aurora/);
    await shot('products');

    // Every field can be edited, the price included.
    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Price').fill('39.90');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('article.product .meta').filter({ hasText: '39.90' }).waitFor();
    const saved = (await s.call('GET', '/v1/products', { key: apiKey })).body.data[0];
    assert.equal(saved.price, '39.90');

    mark('crawled');
    // By hand, with a photo uploaded from this computer.
    await page.getByRole('tab', { name: 'By hand' }).click();
    const byHand = page.getByRole('form', { name: 'Add by hand' });
    await byHand.getByLabel('Name').fill('Night Lamp');
    await byHand.getByLabel('Description').fill('A warm bedside lamp with a dimmer.');
    await byHand.getByLabel('Price').fill('19.90');
    await byHand.getByLabel('Currency').fill('EUR');
    await byHand.getByLabel('Upload photos or clips').setInputFiles(path.join(import.meta.dirname, '..', 'samples', 'shop', 'img', 'lamp-night.jpg'));
    await byHand.getByRole('button', { name: 'Add product' }).click();
    const handMade = page.locator('article.product').filter({ hasText: 'Night Lamp' });
    await handMade.waitFor();
    const coverSrc = (await handMade.locator('img.cover').getAttribute('src')) ?? '';
    assert.match(coverSrc, /\/files\/assets\//, 'the uploaded photo is the cover');
    assert.equal(await handMade.locator('img.cover').evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)), 1200);
    mark('made by hand with an upload');

    // The create form: catalogs with pictures and samples; a 15 s video of this product.
    await page.locator('article.product').filter({ hasText: 'Aurora' }).getByRole('link', { name: 'Make video' }).click();
    await page.getByRole('heading', { level: 1, name: 'New video' }).waitFor();
    await page.getByRole('group', { name: 'Voice' }).getByRole('button', { name: /Play sample/ }).first().waitFor();
    assert.ok((await page.getByRole('group', { name: 'Presenter' }).locator('img').count()) >= 6, 'presenters with covers');
    await assertLabelled('New video');
    assert.ok((await page.getByRole('group', { name: 'Music' }).getByRole('button', { name: /Play sample/ }).count()) >= 4, 'music with players');
    assert.equal(await page.getByLabel('Length').inputValue(), '15');
    // The pickers are radio groups: arrow keys move the choice.
    const presenters = page.getByRole('group', { name: 'Presenter' }).getByRole('radio');
    await presenters.first().focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await presenters.nth(1).isChecked(), true);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await presenters.first().isChecked(), true);
    await shot('create-video');
    // The script can be read before any credit is spent (POST /v1/ai_scripts), and edited.
    await page.getByText('Read or write the script').click();
    await page.getByRole('button', { name: 'Suggest a script' }).click();
    await page.waitForFunction(() => ((document.querySelector('textarea[name="override_script"]') as HTMLTextAreaElement | null)?.value.length ?? 0) > 40, undefined, { timeout: 20_000 });
    const suggested = await page.getByLabel('Script', { exact: true }).inputValue();
    assert.match(suggested, /Aurora/, suggested);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('button', { name: /Make the video/ }).click();

    mark('create clicked');
    // The list follows the video to the end without a reload.
    await page.getByRole('heading', { level: 1, name: 'Videos' }).or(page.getByRole('alert')).first().waitFor({ timeout: 60_000 });
    assert.equal(await page.getByRole('alert').count(), 0, (await page.getByRole('alert').allTextContents()).join(' '));
    const video = page.locator('article.video').first();
    const seen = new Set<string>();
    const deadline = Date.now() + 180_000;
    for (;;) {
      const status = (await video.getAttribute('data-status')) ?? '';
      seen.add(status);
      if (status === '4' || status === '5') break;
      if (status === '3' && seen.size < 5) await shot('videos-making');
      assert.ok(Date.now() < deadline, `video still in status ${status}`);
      await page.waitForTimeout(500);
    }
    assert.ok(seen.has('2') || seen.has('3'), `a waiting or making state was shown: ${[...seen]}`);
    assert.equal(await video.getAttribute('data-status'), '4', (await video.textContent()) ?? '');
    assert.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1, 'no page reload');
    assert.equal(await video.getByRole('link', { name: 'Download' }).count(), 1);

    mark('video finished');
    // Playback in the page: the <video> element reports the duration.
    await video.getByRole('button', { name: /^Play / }).click();
    const duration = await page.waitForFunction(() => {
      const v = document.querySelector('article.video video') as HTMLVideoElement | null;
      return v && Number.isFinite(v.duration) && v.duration > 0 ? v.duration : null;
    }, undefined, { timeout: 20_000 });
    const seconds = (await duration.jsonValue()) as number;
    assert.ok(Math.abs(seconds - 15) <= 1.5, `duration ${seconds}`);
    await video.getByText('Script').click();
    // The Translate action: the 54 languages of GET /v2/video_translate/target_languages, German first chosen.
    await video.getByText('Translate', { exact: true }).first().click();
    const language = video.getByLabel(/^Language to translate /);
    await language.waitFor({ timeout: 15_000 });
    assert.equal(await language.locator('option').count(), 54);
    assert.equal(await language.inputValue(), 'german');
    await assertLabelled('Videos with the Translate form open');
    await video.getByText('Translate', { exact: true }).first().click();
    await shot('videos');

    mark('played');
    // Its delivery in the endpoint's log, then resent.
    await receiver.waitFor((all) => all.length >= 1, 30_000, 'the success webhook');
    await nav('Webhooks');
    await page.getByRole('button', { name: 'Deliveries' }).click();
    const delivered = page.locator('details.delivery[data-status="succeeded"]');
    await delivered.first().waitFor({ timeout: 15_000 });
    await delivered.first().locator(':scope > summary').click();
    assert.match((await delivered.first().textContent()) ?? '', /HTTP 200/);
    await shot('webhooks');
    const before = receiver.received.length;
    await delivered.first().getByRole('button', { name: 'Resend' }).click();
    await receiver.waitFor((all) => all.length > before, 20_000, 'the resent delivery');
    await page.waitForFunction(() => document.querySelectorAll('details.delivery[data-status="succeeded"]').length >= 2, undefined, { timeout: 15_000 });
    assert.equal(receiver.received.at(-1)!.json.event_id, receiver.received[0]!.json.event_id, 'the same event sent again');
    // A test event from the page: marked data.test, in the log too.
    const beforeTest = receiver.received.length;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await receiver.waitFor((all) => all.length > beforeTest, 20_000, 'the test event');
    assert.equal(receiver.received.at(-1)!.json.data.test, true);
    await page.waitForFunction(() => document.querySelectorAll('details.delivery[data-status="succeeded"]').length >= 3, undefined, { timeout: 15_000 });

    mark('resent');
    // Account and voices render from the API.
    await nav('Account');
    assert.equal(await page.getByTestId('credits').textContent(), '2');
    await page.locator('table.ledger tbody tr').first().waitFor();
    assert.deepEqual(await page.locator('table.ledger tbody tr td:nth-child(2)').allTextContents(), ['-1', '+3']);
    assert.equal(await page.locator('ul.keys li').count(), 1);
    await shot('account');
    await nav('Voices');
    await page.locator('.voice-row').first().waitFor();
    await shot('voices');

    // Phone width: nothing wider than the screen, the navigation reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const screen of ['Videos', 'New video', 'Webhooks']) {
      await nav(screen);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const wide = await page.evaluate(() => [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`).slice(0, 8));
      assert.ok(overflow <= 0, `${screen} is ${overflow} px wider than a 390 px phone: ${wide.join(', ')}`);
      if (screen === 'Videos') await shot('videos-phone');
    }
    await page.setViewportSize({ width: 1280, height: 860 });

    // Operator mode: sign out, sign in with the admin token, add credits.
    await page.getByRole('button', { name: 'Sign out' }).click();
    assert.equal(await page.evaluate(() => sessionStorage.length), 0);
    await page.getByText('Operator sign-in').click();
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByLabel('Admin token').press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Operator' }).waitFor();
    await page.locator('table.accounts tbody tr').first().waitFor();
    await assertLabelled('Operator');
    const row = page.locator(`tr[data-username="${username}"]`);
    assert.equal(await row.getByTestId('credits').textContent(), '2');
    await row.getByLabel(`Credits to add to ${username}`).fill('5');
    await row.getByRole('button', { name: 'Add' }).click();
    await page.locator(`tr[data-username="${username}"] [data-testid="credits"]`).filter({ hasText: '7' }).waitFor();
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key: apiKey })).body.data.remaining_quota, 7);
    await row.getByRole('spinbutton', { name: /Storage quota of/ }).fill('100');
    await row.getByRole('button', { name: 'Set' }).click();
    await page.getByRole('status').filter({ hasText: 'quota is 100 MB' }).waitFor();
    assert.equal((await s.call('GET', '/v1/whoami', { key: apiKey })).body.data.storage_quota_bytes, 100 * 1024 * 1024);
    await shot('operator');

    assert.deepEqual(pageErrors, []);
  }

  it('paints four presenter candidates, makes a free preview, talking-presenter videos from a script and from an uploaded recording, and a template video from its variables; translates one from the list', { timeout: 420_000 }, async () => {
    try {
      await kinds();
    } catch (err) {
      const file = path.join(os.tmpdir(), `reelsmith-dashboard-kinds-failure-${process.pid}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      const text = await page.locator('body').innerText().catch(() => '');
      throw new Error(`${err instanceof Error ? err.message : String(err)}\nURL ${page.url()}; screenshot ${file}; page errors ${JSON.stringify(pageErrors)}\n${text.slice(0, 1500)}`);
    }
  });

  async function kinds() {
    const { apiKey } = await s.account({ credits: 5 });
    await page.goto(`${s.baseUrl}/`);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.getByLabel('API key').fill(apiKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Videos' }).waitFor();

    // New presenter: a description, then the four candidates painted for it.
    await nav('Presenters');
    await page.getByText('No presenters of your own yet').waitFor();
    await page.getByLabel('Age').selectOption('Adult');
    await page.getByLabel('Appearance (optional)').fill('short grey hair, round glasses, freckles');
    await page.getByRole('button', { name: /Paint four pictures/ }).click();
    const pictures = page.getByRole('region', { name: 'Candidates' }).getByRole('img');
    await page.waitForFunction(() => document.querySelectorAll('.candidate img').length === 4, undefined, { timeout: 20_000 });
    assert.deepEqual(await pictures.evaluateAll((imgs) => Promise.all(imgs.map((i) => (i as HTMLImageElement).decode().then(() => (i as HTMLImageElement).naturalWidth)))), [512, 512, 512, 512]);
    assert.match((await page.getByRole('note').textContent()) ?? '', /freckles/, 'the words the painter did not use are shown');
    assert.equal(await page.locator('[data-slot="add-motion"]').count(), 4, 'a "Use picture" button (add_motion) under each candidate');
    await assertLabelled('Presenters');
    await page.getByRole('region', { name: 'Candidates' }).evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    await shot('presenters');

    // Candidate 2 becomes a presenter from the page (POST /v1/photo_avatar/add_motion): listed with
    // its cover, renamed in the page.
    await page.getByRole('button', { name: 'Use picture 2' }).click();
    await page.getByText('Presenter 2 is one of your presenters').waitFor();
    const made = { id: (await s.call('GET', '/v1/avatars/custom', { key: apiKey })).body.data.avatars[0].avatar_id as number };
    await s.call('POST', '/v1/avatar/custom/rename', { key: apiKey, body: { avatar_id: made.id, name: 'Ravi' } });
    await nav('Videos');
    await nav('Presenters');
    const mine = page.locator(`article[data-avatar-id="${made.id}"]`);
    await mine.getByText('Ready').waitFor();

    // A presenter from the user's own portrait: uploaded in the page, then add_motion (face found, cut out, animated).
    const portrait = path.join(profile, 'portrait.jpg');
    fs.writeFileSync(portrait, await portraitPhoto());
    const fromPhoto = page.getByRole('form', { name: 'Presenter from a photo' });
    await fromPhoto.getByLabel('Portrait photo').setInputFiles(portrait);
    await fromPhoto.getByLabel('Name').fill('Me on camera');
    await fromPhoto.getByRole('button', { name: 'Make a presenter from this photo' }).click();
    await fromPhoto.getByText(/being made from your photo/).waitFor({ timeout: 20_000 });
    let photoAvatar: any;
    for (let i = 0; i < 1200 && photoAvatar?.status !== 1; i++) {
      photoAvatar = (await s.call('GET', '/v1/avatars/photo_avatars', { key: apiKey })).body.data.avatars.find((a: any) => a.name === 'Me on camera');
      if (photoAvatar?.status === 2) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(photoAvatar?.status, 1, JSON.stringify(photoAvatar));
    await mine.getByLabel('New name for Ravi').fill('Ravi Blue');
    await mine.getByRole('button', { name: 'Rename' }).click();
    await page.locator(`article[data-avatar-id="${made.id}"] h3`).filter({ hasText: 'Ravi Blue' }).waitFor();
    assert.equal((await s.call('GET', '/v1/avatars/custom', { key: apiKey })).body.data.avatars.find((a: any) => a.avatar_id === made.id).name, 'Ravi Blue');

    // A free preview of a product video with that presenter, from the form's "Preview" button.
    await s.call('POST', '/v1/product', { key: apiKey, body: { name: 'Aurora Desk Lamp', description: 'Warm dimmable LED lamp with a stepless touch dimmer and a USB-C port.' } });
    await nav('New video');
    const productForm = page.getByRole('form', { name: 'Product video' });
    await productForm.getByRole('group', { name: 'Voice' }).getByRole('button', { name: /Play sample/ }).first().waitFor();
    await productForm.getByRole('group', { name: 'Presenter' }).getByRole('radio', { name: /Ravi Blue/ }).check();
    await page.getByRole('button', { name: 'Preview · free' }).click();
    await page.getByRole('heading', { level: 1, name: 'Videos' }).waitFor({ timeout: 120_000 });
    await page.locator('article.video').first().waitFor();

    // A talking presenter says a script.
    await nav('New video');
    await page.getByRole('tab', { name: 'Talking presenter' }).click();
    const talking = page.getByRole('form', { name: 'Talking presenter' });
    await talking.getByRole('group', { name: 'Voice' }).getByRole('button', { name: /Play sample/ }).first().waitFor();
    await talking.getByLabel('Script', { exact: true }).fill('Hello! This lamp lights your desk and your evenings.');
    await talking.getByLabel('Background').selectOption('2');
    await talking.getByLabel('Video name (optional)').fill('Desk talk');
    await assertLabelled('Talking presenter');
    await shot('create-talking');
    await talking.getByRole('button', { name: /Make the video/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Videos' }).waitFor({ timeout: 120_000 });

    // A template video: the form is built from the template's variables.
    await nav('New video');
    await page.getByRole('tab', { name: 'Template video' }).click();
    const templ = page.getByRole('form', { name: 'Template video' });
    await templ.getByRole('group', { name: /What goes in “Spotlight”/ }).waitFor();
    await templ.getByRole('radio', { name: /Carousel/ }).check();
    const vars = templ.getByRole('group', { name: /What goes in “Carousel”/ });
    for (const name of ['Title', 'Brand (optional)', 'Script (optional)', 'Image 1 (optional): upload', 'Image 3: or its address']) await vars.getByLabel(name).waitFor();
    await vars.getByLabel('Title', { exact: true }).fill('Night Lamp');
    await vars.getByLabel('Price (optional)').fill('19.90 EUR');
    await vars.getByLabel('Script (optional)').fill('A warm light for your evenings. Dim it down, and sleep well.');
    await vars.getByLabel('Image 1 (optional): upload').setInputFiles(path.join(import.meta.dirname, '..', 'samples', 'shop', 'img', 'lamp-night.jpg'));
    await templ.getByRole('radio', { name: /No presenter/ }).check();
    await assertLabelled('Template video');
    await templ.getByRole('group', { name: /What goes in “Carousel”/ }).evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    await shot('create-template');
    await templ.getByRole('button', { name: /Make the video/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Videos' }).waitFor({ timeout: 120_000 });

    // A talking presenter moving their lips to a recording uploaded from this computer (no script).
    const recording = path.join(profile, 'my-voice.mp3');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', "aevalsrc='sin(2*PI*170*t)*0.4*max(0,sin(2*PI*0.8*t))':s=44100:d=3", '-c:a', 'libmp3lame', '-b:a', '64k', recording]);
    await nav('New video');
    await page.getByRole('tab', { name: 'Talking presenter' }).click();
    await talking.getByLabel('Your recording (optional)').setInputFiles(recording);
    await talking.getByLabel('Video name (optional)').fill('My voice');
    await talking.getByRole('button', { name: /Make the video/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Videos' }).waitFor({ timeout: 120_000 });

    // All followed to the end in the list.
    const projects = (await s.call('GET', '/v1/projects?page_size=10', { key: apiKey })).body.data.projects as Array<{ id: string; title: string }>;
    assert.equal(projects.length, 4);
    for (const p of projects) {
      const card = page.locator(`article.video[data-project-id="${p.id}"]`);
      await page.waitForFunction((id) => ['4', '5'].includes(document.querySelector(`article.video[data-project-id="${id}"]`)?.getAttribute('data-status') ?? ''), p.id, { timeout: 150_000 });
      assert.equal(await card.getAttribute('data-status'), '4', (await card.textContent()) ?? '');
    }
    const talkingDone = (await s.call('GET', `/v1/project?project_id=${projects.find((p) => p.title === 'Desk talk')!.id}`, { key: apiKey })).body.data;
    assert.match(talkingDone.script, /lights your desk/);
    const templateDone = (await s.call('GET', `/v1/project?project_id=${projects.find((p) => p.title === 'Night Lamp')!.id}`, { key: apiKey })).body.data;
    assert.match(templateDone.script, /sleep well/);
    const preview = (await s.call('GET', `/v1/project?project_id=${projects.find((p) => p.title === 'Aurora Desk Lamp')!.id}`, { key: apiKey })).body.data;
    assert.equal(preview.status_code, 4);
    const fromRecording = (await s.call('GET', `/v1/project?project_id=${projects.find((p) => p.title === 'My voice')!.id}`, { key: apiKey })).body.data;
    assert.ok(Math.abs(fromRecording.video_duration - 3) < 0.5, `the video is as long as the recording: ${fromRecording.video_duration}`);
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key: apiKey })).body.data.remaining_quota, 2, 'the preview was free, the three videos 1 credit each');
    await shot('videos-kinds');
    const previewVideo = await reposFor(s.running.db.kysely).videos.getById(preview.id);
    assert.equal(previewVideo?.kind, 'preview');
    assert.equal((previewVideo?.request as { avatar_type?: number }).avatar_type, 1, 'the preview was made with the custom presenter');

    // The list's Translate action (issue 26 item 5): the product video made again in German from the page,
    // joining the list; a talking-presenter script without an LLM answers the setting it needs.
    const previewCard = page.locator(`article.video[data-project-id="${preview.id}"]`);
    await previewCard.getByLabel('Translate Aurora Desk Lamp').click();
    const into = previewCard.getByLabel(/^Language to translate /);
    await into.waitFor({ timeout: 15_000 });
    assert.equal(await into.inputValue(), 'german');
    await previewCard.locator('.translate-form').getByRole('button', { name: 'Translate', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Translating into German' }).waitFor({ timeout: 15_000 });
    const translated = (await s.call('GET', '/v1/projects?page_size=10', { key: apiKey })).body.data.projects.find((p: { title: string }) => p.title === 'Aurora Desk Lamp (german)') as { id: string } | undefined;
    assert.ok(translated, 'the translation is a video of the account');
    const translatedCard = page.locator(`article.video[data-project-id="${translated.id}"]`);
    await translatedCard.waitFor({ timeout: 15_000 });
    await page.waitForFunction((id) => ['4', '5'].includes(document.querySelector(`article.video[data-project-id="${id}"]`)?.getAttribute('data-status') ?? ''), translated.id, { timeout: 240_000 });
    assert.equal(await translatedCard.getAttribute('data-status'), '4', (await translatedCard.textContent()) ?? '');
    const german = (await s.call('GET', `/v1/project?project_id=${translated.id}`, { key: apiKey })).body.data;
    assert.equal(detectLanguage(german.script), 'german', german.script);
    assert.equal((await reposFor(s.running.db.kysely).videos.getById(translated.id))?.kind, 'translate');
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key: apiKey })).body.data.remaining_quota, 1, 'the translation took 1 credit');
    const talkCard = page.locator(`article.video[data-project-id="${projects.find((p) => p.title === 'Desk talk')!.id}"]`);
    await talkCard.getByLabel('Translate Desk talk').click();
    await talkCard.getByLabel(/^Language to translate /).selectOption('french');
    await talkCard.locator('.translate-form').getByRole('button', { name: 'Translate', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'LLM_BASE_URL' }).waitFor({ timeout: 15_000 });
    assert.equal((await s.call('GET', '/v2/user/remaining_quota', { key: apiKey })).body.data.remaining_quota, 1, 'the refusal took nothing');

    // The account's own templates: listed with their variables, deleted.
    const custom = (await s.call('POST', '/v1/templates/custom', { key: apiKey, body: SCENE_EXAMPLE })).body.data;
    // Its cover is drawn by a job: until it is stored the cover URL answers 404 (a console error in the page), so wait for it.
    const coverUrl = ((await s.call('GET', '/v1/templates/custom', { key: apiKey })).body.data.templates as { id: number; cover_url: string }[]).find((t) => t.id === custom.id)!.cover_url;
    for (let i = 0; i < 480 && (await fetch(coverUrl.replace(/^https?:\/\/[^/]+/, s.baseUrl))).status !== 200; i++) await new Promise((r) => setTimeout(r, 250));
    await nav('Templates');
    const tcard = page.locator(`article[data-template-id="${custom.id}"]`);
    assert.match((await tcard.textContent()) ?? '', /Spring Sale.*Fills: /s);
    page.once('dialog', (d) => void d.accept());
    await tcard.getByRole('button', { name: 'Delete Spring Sale' }).click();
    await page.getByText('No templates of your own yet').waitFor();
    assert.deepEqual((await s.call('GET', '/v1/templates/custom', { key: apiKey })).body.data.templates, []);
    // And the presenter, deleted.
    await nav('Presenters');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete Ravi Blue' }).click();
    await page.locator(`article[data-avatar-id="${made.id}"]`).waitFor({ state: 'detached' });
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete Me on camera' }).click();
    await page.getByText('No presenters of your own yet').waitFor();

    // A product whose only photo fails its check (issue 28 loose end 2): the Products screen says which and why.
    const broken = (await s.call('POST', '/v1/product', { key: apiKey, body: { name: 'Broken Lamp', description: 'Its only photo is missing.', media: [{ type: 1, url: `${shop.baseUrl}/no-such-image.png` }] } })).body.data.product_id as string;
    for (let i = 0; i < 240; i++) {
      const media = (await s.call('GET', `/v1/product?product_id=${broken}`, { key: apiKey })).body.data.media as { state?: string }[];
      if (media[0]?.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await nav('Products');
    const failedItem = page.locator('[data-media-state="failed"]').first();
    await failedItem.waitFor({ timeout: 15_000 });
    assert.match((await failedItem.textContent()) ?? '', /failed — \S/);
    await page.getByText('Every photo and clip failed its check').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    for (const screen of ['Presenters', 'New video']) {
      await nav(screen);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${screen} is ${overflow} px wider than a 390 px phone`);
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    assert.deepEqual(pageErrors, []);
  }
});
