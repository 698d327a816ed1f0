/**
 * A page that sells a service or a deal (a massage, a tour, a voucher) often has no product markup
 * and its CMS calls it an article; what makes it an offer is a buy form: a form posted to the
 * site whose submit control starts with a buy or booking verb ("Buy this deal", "Réserver
 * maintenant", "Jetzt buchen"). With a price on the page, that is a product page.
 */
import { textOf, type Element, type Page } from './dom.ts';
import { wordsOf } from './label-words.ts';

/** Booking verbs for services, beside the buy words of label-words.ts (lower case, whole words). */
const BOOK_WORDS = [
  'book now', 'book', 'reserve', 'get this deal', 'get deal', 'buy this deal', 'order now', 'pay now', 'purchase',
  'jetzt buchen', 'buchen', 'reservieren', 'réserver', 'reserver', 'profiter de l’offre', "profiter de l'offre", 'reservar', 'contratar',
  'prenota', 'prenotare', 'boeken', 'reserveren', 'zarezerwuj', 'rezerwuj', 'rezervovat', 'rezervovať', 'foglalás', 'rezervă',
  'boka', 'bestil', 'bestill', 'varaa', 'broneeri', 'rezervēt', 'rezervuoti', 'rezerviraj', 'rezerviši', 'резервирай', 'забронировать',
  'забронювати', 'rezervasyon yap', 'satın al', 'pesan', 'tempah', 'đặt ngay', 'đặt',
];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s+');
const VERBS = [...new Set([...wordsOf('buy'), ...BOOK_WORDS])].sort((a, b) => b.length - a.length);
/** The control's text starts with one of the verbs and stays short ("Buy this deal", not a sentence). */
const OFFER_SUBMIT = new RegExp(`^(?:${VERBS.map(escape).join('|')})(?=$|[^\\p{L}])`, 'iu');

function submitTexts(form: Element): string[] {
  const out: string[] = [];
  const stack: Element[] = [form];
  for (let n = 0; stack.length > 0 && n < 500; n++) {
    const el = stack.pop()!;
    const type = (el.attribs.type ?? '').toLowerCase();
    if (el.name === 'button' && (type === '' || type === 'submit')) out.push(textOf(el, 60));
    else if (el.name === 'input' && (type === 'submit' || type === 'image')) out.push((el.attribs.value ?? el.attribs.alt ?? '').trim());
    for (const c of el.children) if (c.type === 'tag') stack.push(c as Element);
  }
  return out;
}

/** True when the page has a form posted to the site whose submit control buys or books. */
export function hasOfferForm(page: Page): boolean {
  return page.forms.some((f) => {
    if ((f.attribs.method ?? 'get').toLowerCase() !== 'post') return false;
    return submitTexts(f).some((t) => t.length > 0 && t.length <= 40 && OFFER_SUBMIT.test(t));
  });
}
