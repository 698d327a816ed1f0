/**
 * Bot walls: Cloudflare challenges, captcha interstitials (Amazon, reCAPTCHA, hCaptcha),
 * PerimeterX "Press & Hold", DataDome, Imperva/Incapsula. A page is only called blocked when a
 * wall signal is present AND the page is thin — a real product page that merely includes a
 * captcha script for its login form is not a wall.
 */
import { classId, type Page } from './dom.ts';

/** Visible-text characters above which a page is too rich to be an interstitial. */
const THIN_TEXT = 2500;

interface Signal {
  reason: string;
  /** Signals that identify an interstitial on their own (still subject to the thin-content check). */
  strong: boolean;
}

const TITLE_SIGNALS: Array<[RegExp, string]> = [
  [/^just a moment\.*$/i, 'Cloudflare challenge'],
  [/attention required!? \| cloudflare/i, 'Cloudflare challenge'],
  [/^please wait\.*( \| cloudflare)?$/i, 'Cloudflare challenge'],
  [/^(robot check|bot check)$/i, 'captcha (robot check)'],
  [/^(access denied|access to this page has been denied\.?)$/i, 'access denied page'],
  [/^pardon our interruption/i, 'bot wall (Imperva/Distil)'],
  [/^are you a (robot|human)\??$/i, 'captcha'],
  [/^(security check|verify you are human|human verification|captcha)$/i, 'captcha'],
];

const TEXT_SIGNALS: Array<[RegExp, string]> = [
  [/enter the characters you see below/i, 'captcha (Amazon)'],
  [/type the characters you see in this image/i, 'captcha (Amazon)'],
  [/checking (if the site connection is secure|your browser before accessing)/i, 'Cloudflare challenge'],
  [/verify(ing)? you are (a )?human/i, 'captcha'],
  [/press (&|and) hold/i, 'captcha (PerimeterX press & hold)'],
  [/please (complete|solve) the (security check|captcha)/i, 'captcha'],
  [/unusual traffic from your (computer|network)/i, 'captcha (unusual traffic)'],
  [/request unsuccessful\. incapsula incident id/i, 'bot wall (Incapsula)'],
  [/enable (javascript|cookies) (and cookies )?to continue/i, 'bot wall (JavaScript challenge)'],
  [/you have been blocked|sorry, you have been blocked/i, 'blocked by the site'],
  [/are you a robot\?/i, 'captcha'],
];

const SCRIPT_SIGNALS: Array<[RegExp, string]> = [
  [/\/cdn-cgi\/challenge-platform\//, 'Cloudflare challenge'],
  [/captcha-delivery\.com|\bdatadome\b/i, 'captcha (DataDome)'],
  [/px-captcha|captcha\.px-cdn|perimeterx|_pxCaptcha/i, 'captcha (PerimeterX)'],
  [/_Incapsula_Resource/i, 'bot wall (Incapsula)'],
];

function collectSignals(page: Page): Signal[] {
  const out: Signal[] = [];
  for (const [re, reason] of TITLE_SIGNALS) if (re.test(page.title.trim())) out.push({ reason, strong: true });
  const sample = page.textSample.slice(0, 3000);
  for (const [re, reason] of TEXT_SIGNALS) if (re.test(sample)) out.push({ reason, strong: true });
  for (const src of page.scriptSrcs) {
    for (const [re, reason] of SCRIPT_SIGNALS) if (re.test(src)) out.push({ reason, strong: true });
    if (/recaptcha\/api|hcaptcha\.com\/1\/api|challenges\.cloudflare\.com\/turnstile/i.test(src)) out.push({ reason: 'captcha form', strong: false });
  }
  for (const s of page.scripts) {
    if (s.text.length > 20_000) continue;
    if (/cf_chl_opt|\/cdn-cgi\/challenge-platform\//.test(s.text)) out.push({ reason: 'Cloudflare challenge', strong: true });
    else if (/captcha-delivery\.com|\bvar dd\s*=\s*\{/.test(s.text)) out.push({ reason: 'captcha (DataDome)', strong: true });
    else if (/_pxAppId|px-captcha/.test(s.text)) out.push({ reason: 'captcha (PerimeterX)', strong: false });
  }
  for (const el of page.wallEls) {
    const ci = classId(el);
    if (/cf-challenge|cf-browser-verification|challenge-form|challenge-running|cf-turnstile/i.test(ci)) out.push({ reason: 'Cloudflare challenge', strong: true });
    else if (/px-captcha/i.test(ci)) out.push({ reason: 'captcha (PerimeterX press & hold)', strong: true });
    else if (/g-recaptcha|h-captcha|captcha/i.test(ci)) out.push({ reason: 'captcha form', strong: false });
  }
  for (const f of page.forms) {
    if (/validatecaptcha|captcha/i.test(f.attribs.action ?? '')) out.push({ reason: 'captcha (form)', strong: true });
  }
  for (const f of page.iframes) {
    if (/captcha-delivery\.com|recaptcha|hcaptcha/i.test(f.attribs.src ?? '')) out.push({ reason: 'captcha (iframe)', strong: false });
  }
  return out;
}

/**
 * Returns the reason when the page is a bot wall, else null. `hasProductData` is true when
 * structured product data was found — a wall never carries it.
 */
export function detectBotWall(page: Page, hasProductData: boolean): string | null {
  if (hasProductData) return null;
  const thin = page.textLength < THIN_TEXT && page.imgs.length < 15 && page.linkCount < 60;
  if (!thin) return null;
  const signals = collectSignals(page);
  if (signals.length === 0) return null;
  const strong = signals.find((s) => s.strong);
  // a bare captcha widget counts only on a really small page (login walls, interstitials)
  if (!strong && page.textLength > 800) return null;
  return `blocked by the site: ${(strong ?? signals[0]!).reason}`;
}
