/**
 * The words shops print next to product fields and on buy buttons, per language: the 24 official
 * EU languages plus the other languages of our 54 written in Latin or Cyrillic script (Turkish,
 * Indonesian, Malay, Filipino/Tagalog, Vietnamese, Zulu, Swahili, Norwegian, Serbian in both
 * scripts, Russian, Ukrainian, Mongolian). Written from general knowledge of shop wording, not from
 * benchmark pages. Every entry is lower case; matching is case-insensitive and whole-word.
 *
 *   buy    — add-to-cart / buy-now button texts (a product signal)
 *   brand  — labels introducing the brand ("Brand:", "Marke:")
 *   maker  — labels introducing the manufacturer (a weaker brand label)
 *   code   — labels introducing the shopper-visible product code ("Product code:", "Art.-Nr.")
 *   vatIn  — "price includes VAT" remarks
 *   vatEx  — "price excludes VAT" remarks
 */
export interface LanguageWords {
  buy: string[];
  brand: string[];
  maker: string[];
  code: string[];
  vatIn: string[];
  vatEx: string[];
}

export const WORDS: Record<string, LanguageWords> = {
  english: {
    buy: ['add to cart', 'add to basket', 'add to bag', 'add to trolley', 'add to order', 'buy now', 'buy it now', 'buy'],
    brand: ['brand', 'brand name', 'make'],
    maker: ['manufacturer', 'maker', 'made by'],
    code: ['sku', 'item', 'item #', 'item no.', 'item no', 'item number', 'item code', 'product code', 'product id', 'product number', 'product no.', 'product ref', 'article number', 'article no.', 'catalog number', 'catalogue number', 'cat. no.', 'part number', 'part no.', 'stock code', 'stock number', 'reference', 'ref.', 'code'],
    vatIn: ['incl. vat', 'incl vat', 'inc. vat', 'inc vat', 'including vat', 'vat included', 'incl. tax', 'inc. tax', 'including tax', 'tax included', 'incl. gst', 'inc gst'],
    vatEx: ['excl. vat', 'excl vat', 'ex. vat', 'ex vat', 'exc. vat', 'exc vat', 'excluding vat', 'without vat', 'plus vat', '+ vat', '+vat', 'excl. tax', 'ex. tax', 'excluding tax', 'before tax', 'tax excluded', 'ex gst', 'excl. gst', 'net price'],
  },
  german: {
    buy: ['in den warenkorb', 'in den einkaufswagen', 'in den korb', 'zum warenkorb hinzufügen', 'jetzt kaufen', 'kaufen', 'bestellen'],
    brand: ['marke', 'markenname'],
    maker: ['hersteller'],
    code: ['artikelnummer', 'artikel-nr.', 'artikel-nr', 'artikelnr.', 'artikelnr', 'art.-nr.', 'art.-nr', 'art.nr.', 'art-nr.', 'art. nr.', 'bestellnummer', 'bestell-nr.', 'best.-nr.', 'produktnummer', 'produkt-nr.', 'artikelcode'],
    vatIn: ['inkl. mwst', 'inkl. mwst.', 'inkl mwst', 'inklusive mwst', 'inkl. ust', 'inkl. gesetzl. mwst', 'inkl. 19% mwst', 'brutto'],
    vatEx: ['exkl. mwst', 'zzgl. mwst', 'zzgl. ust', 'ohne mwst', 'exkl. ust', 'netto', 'exklusive mwst'],
  },
  french: {
    buy: ['ajouter au panier', 'ajout au panier', 'mettre au panier', 'acheter maintenant', 'acheter', 'commander'],
    brand: ['marque'],
    maker: ['fabricant'],
    code: ['référence', 'réf.', 'réf', 'ref.', 'code produit', 'code article', "numéro d'article", 'n° article', 'ref'],
    vatIn: ['ttc', 'tva incluse', 'tva comprise', 'toutes taxes comprises'],
    vatEx: ['ht', 'hors taxes', 'hors tva', 'tva non incluse'],
  },
  spanish: {
    buy: ['añadir al carrito', 'agregar al carrito', 'añadir a la cesta', 'añadir a la bolsa', 'comprar ahora', 'comprar'],
    brand: ['marca'],
    maker: ['fabricante'],
    code: ['referencia', 'ref.', 'código', 'código de producto', 'código del producto', 'código de artículo', 'cód.', 'cód. artículo', 'nº de artículo'],
    vatIn: ['iva incluido', 'iva incl.', 'con iva', 'impuestos incluidos'],
    vatEx: ['sin iva', 'iva no incluido', 'iva excluido', '+ iva', 'más iva', 'sin impuestos'],
  },
  portuguese: {
    buy: ['adicionar ao carrinho', 'adicionar ao cesto', 'comprar agora', 'comprar'],
    brand: ['marca'],
    maker: ['fabricante'],
    code: ['código', 'código do produto', 'cód. produto', 'cód. do produto', 'cód.', 'cód', 'ref.', 'referência', 'código de referência'],
    vatIn: ['iva incluído', 'com iva', 'iva incl.'],
    vatEx: ['sem iva', 's/ iva', '+ iva', 'iva não incluído'],
  },
  italian: {
    buy: ['aggiungi al carrello', 'metti nel carrello', 'aggiungi al cestino', 'acquista ora', 'compra ora', 'acquista', 'compra'],
    brand: ['marca', 'marchio', 'brand'],
    maker: ['produttore'],
    code: ['codice', 'codice articolo', 'codice prodotto', 'cod. art.', 'cod. articolo', 'cod.', 'rif.', 'riferimento'],
    vatIn: ['iva inclusa', 'ivato', 'iva compresa', 'ivata'],
    vatEx: ['iva esclusa', 'escluso iva', '+ iva', 'iva esente', 'più iva'],
  },
  dutch: {
    buy: ['in winkelwagen', 'in winkelmandje', 'in winkelmand', 'toevoegen aan winkelwagen', 'in mijn winkelwagen', 'in de winkelwagen', 'nu kopen', 'koop nu', 'bestellen', 'kopen'],
    brand: ['merk'],
    maker: ['fabrikant'],
    code: ['artikelnummer', 'artikelnr.', 'artikelnr', 'art.nr.', 'productcode', 'productnummer', 'artikelcode'],
    vatIn: ['incl. btw', 'inclusief btw', 'incl btw', 'btw inbegrepen'],
    vatEx: ['excl. btw', 'exclusief btw', 'excl btw', 'ex btw', 'ex. btw'],
  },
  polish: {
    buy: ['dodaj do koszyka', 'do koszyka', 'kup teraz', 'kup'],
    brand: ['marka'],
    maker: ['producent'],
    code: ['kod produktu', 'kod', 'numer katalogowy', 'nr katalogowy', 'symbol', 'indeks', 'kod towaru'],
    vatIn: ['brutto', 'z vat', 'zawiera vat'],
    vatEx: ['netto', 'bez vat', '+ vat'],
  },
  czech: {
    buy: ['přidat do košíku', 'do košíku', 'koupit nyní', 'koupit'],
    brand: ['značka'],
    maker: ['výrobce'],
    code: ['kód produktu', 'kód zboží', 'katalogové číslo', 'objednací číslo', 'obj. číslo', 'kód'],
    vatIn: ['s dph', 'vč. dph', 'včetně dph'],
    vatEx: ['bez dph'],
  },
  slovak: {
    buy: ['pridať do košíka', 'do košíka', 'kúpiť teraz', 'kúpiť'],
    brand: ['značka'],
    maker: ['výrobca'],
    code: ['kód produktu', 'kód tovaru', 'katalógové číslo', 'objednávacie číslo', 'kód'],
    vatIn: ['s dph', 'vrátane dph'],
    vatEx: ['bez dph'],
  },
  hungarian: {
    buy: ['kosárba teszem', 'kosárba', 'megveszem', 'vásárlás', 'megrendelem'],
    brand: ['márka', 'márkanév'],
    maker: ['gyártó'],
    code: ['cikkszám', 'termékkód', 'termék kód', 'azonosító', 'cikkszám:'],
    vatIn: ['bruttó', 'áfával', 'áfa-val', 'áfát tartalmaz'],
    vatEx: ['nettó', 'áfa nélkül', '+ áfa'],
  },
  romanian: {
    buy: ['adaugă în coș', 'adauga in cos', 'adaugă în coşul', 'în coș', 'cumpără acum', 'cumpara acum', 'cumpără', 'cumpara'],
    brand: ['marcă', 'marca', 'brand'],
    maker: ['producător', 'producator'],
    code: ['cod produs', 'cod', 'cod articol', 'cod produs:'],
    vatIn: ['cu tva', 'tva inclus'],
    vatEx: ['fără tva', 'fara tva', '+ tva'],
  },
  croatian: {
    buy: ['dodaj u košaricu', 'dodaj u kosaricu', 'u košaricu', 'kupi odmah', 'kupi sada', 'kupi'],
    brand: ['marka', 'brend', 'robna marka'],
    maker: ['proizvođač', 'proizvodjac'],
    code: ['šifra', 'šifra proizvoda', 'šifra artikla', 'kod proizvoda', 'kataloški broj'],
    vatIn: ['s pdv-om', 'sa pdv-om', 'pdv uključen', 'uključen pdv'],
    vatEx: ['bez pdv-a', 'bez pdv'],
  },
  slovenian: {
    buy: ['dodaj v košarico', 'v košarico', 'kupi zdaj', 'kupi'],
    brand: ['znamka', 'blagovna znamka'],
    maker: ['proizvajalec'],
    code: ['šifra', 'šifra izdelka', 'koda izdelka', 'koda', 'kataloška številka'],
    vatIn: ['z ddv', 'vključen ddv', 'ddv vključen'],
    vatEx: ['brez ddv'],
  },
  serbian: {
    buy: ['dodaj u korpu', 'u korpu', 'kupi odmah', 'kupi', 'додај у корпу', 'у корпу', 'купи одмах', 'купи'],
    brand: ['brend', 'marka', 'бренд', 'марка'],
    maker: ['proizvođač', 'произвођач'],
    code: ['šifra', 'šifra proizvoda', 'шифра', 'шифра производа', 'kataloški broj'],
    vatIn: ['sa pdv', 'sa pdv-om', 'са пдв', 'са пдв-ом'],
    vatEx: ['bez pdv', 'bez pdv-a', 'без пдв', 'без пдв-а'],
  },
  bulgarian: {
    buy: ['добави в количката', 'добави в кошницата', 'в количката', 'купи сега', 'купи'],
    brand: ['марка', 'бранд'],
    maker: ['производител'],
    code: ['код на продукта', 'продуктов код', 'каталожен номер', 'код'],
    vatIn: ['с ддс', 'с включен ддс'],
    vatEx: ['без ддс'],
  },
  russian: {
    buy: ['добавить в корзину', 'в корзину', 'купить сейчас', 'купить'],
    brand: ['бренд', 'марка', 'торговая марка'],
    maker: ['производитель'],
    code: ['артикул', 'код товара', 'код'],
    vatIn: ['с ндс', 'включая ндс', 'в т.ч. ндс'],
    vatEx: ['без ндс'],
  },
  ukrainian: {
    buy: ['додати в кошик', 'додати до кошика', 'в кошик', 'у кошик', 'купити зараз', 'купити'],
    brand: ['бренд', 'марка', 'торгова марка'],
    maker: ['виробник'],
    code: ['артикул', 'код товару', 'код'],
    vatIn: ['з пдв', 'включно з пдв'],
    vatEx: ['без пдв'],
  },
  mongolian: {
    buy: ['сагсанд хийх', 'сагсанд нэмэх', 'худалдаж авах', 'захиалах'],
    brand: ['брэнд', 'бренд'],
    maker: ['үйлдвэрлэгч'],
    code: ['барааны код', 'код'],
    vatIn: ['нөат-тэй', 'нөат орсон'],
    vatEx: ['нөат-гүй'],
  },
  danish: {
    buy: ['læg i kurv', 'læg i kurven', 'tilføj til kurv', 'køb nu', 'køb'],
    brand: ['mærke', 'brand'],
    maker: ['producent', 'fabrikant'],
    code: ['varenummer', 'varenr.', 'varenr', 'produktnummer', 'varekode'],
    vatIn: ['inkl. moms', 'inkl moms', 'inklusive moms'],
    vatEx: ['ekskl. moms', 'ex. moms', 'ex moms', 'eksklusive moms'],
  },
  swedish: {
    buy: ['lägg i varukorgen', 'lägg i varukorg', 'lägg i kundvagnen', 'köp nu', 'köp', 'handla'],
    brand: ['märke', 'varumärke'],
    maker: ['tillverkare'],
    code: ['artikelnummer', 'artikelnr.', 'artikelnr', 'art.nr.', 'art.nr', 'produktnummer'],
    vatIn: ['inkl. moms', 'inkl moms', 'inklusive moms'],
    vatEx: ['exkl. moms', 'exkl moms', 'exklusive moms', 'ex. moms'],
  },
  norwegian: {
    buy: ['legg i handlekurven', 'legg i handlekurv', 'legg i kurv', 'kjøp nå', 'kjøp'],
    brand: ['merke', 'varemerke'],
    maker: ['produsent'],
    code: ['varenummer', 'varenr.', 'varenr', 'artikkelnummer', 'produktnummer'],
    vatIn: ['inkl. mva', 'inkl mva', 'inklusive mva'],
    vatEx: ['eks. mva', 'ekskl. mva', 'eks mva'],
  },
  finnish: {
    buy: ['lisää ostoskoriin', 'ostoskoriin', 'osta nyt', 'osta'],
    brand: ['merkki', 'tuotemerkki', 'brändi'],
    maker: ['valmistaja'],
    code: ['tuotenumero', 'tuotekoodi', 'tuotenro'],
    vatIn: ['sis. alv', 'sis. alv.', 'sisältää alv'],
    vatEx: ['alv 0 %', 'alv 0%', 'veroton', 'ilman alv'],
  },
  estonian: {
    buy: ['lisa ostukorvi', 'ostukorvi', 'osta kohe', 'osta'],
    brand: ['bränd', 'kaubamärk', 'mark'],
    maker: ['tootja'],
    code: ['tootekood', 'kood', 'artikkel'],
    vatIn: ['km-ga', 'sh km', 'sisaldab km'],
    vatEx: ['km-ta', 'ilma km-ta', 'ilma käibemaksuta'],
  },
  latvian: {
    buy: ['pievienot grozam', 'ielikt grozā', 'grozā', 'pirkt tagad', 'pirkt'],
    brand: ['zīmols', 'marka'],
    maker: ['ražotājs'],
    code: ['preces kods', 'artikuls', 'kods'],
    vatIn: ['ar pvn', 'ieskaitot pvn'],
    vatEx: ['bez pvn'],
  },
  lithuanian: {
    buy: ['į krepšelį', 'dėti į krepšelį', 'įdėti į krepšelį', 'pirkti dabar', 'pirkti'],
    brand: ['prekės ženklas', 'ženklas'],
    maker: ['gamintojas'],
    code: ['prekės kodas', 'kodas', 'artikulas'],
    vatIn: ['su pvm'],
    vatEx: ['be pvm'],
  },
  greek: {
    buy: ['προσθήκη στο καλάθι', 'στο καλάθι', 'αγορά τώρα', 'αγορά'],
    brand: ['μάρκα', 'εταιρεία'],
    maker: ['κατασκευαστής'],
    code: ['κωδικός προϊόντος', 'κωδικός'],
    vatIn: ['με φπα', 'συμπ. φπα'],
    vatEx: ['χωρίς φπα', 'χωρις φπα'],
  },
  irish: {
    buy: ['cuir sa chiseán', 'cuir sa chairt', 'ceannaigh anois', 'ceannaigh'],
    brand: ['branda'],
    maker: ['déantóir'],
    code: ['cód táirge', 'cód'],
    vatIn: ['cbl san áireamh'],
    vatEx: ['gan cbl', 'cbl as an áireamh'],
  },
  maltese: {
    buy: ['żid mal-karrettun', 'żid mal-basket', 'ixtri issa', 'ixtri'],
    brand: ['marka'],
    maker: ['manifattur'],
    code: ['kodiċi tal-prodott', 'kodiċi'],
    vatIn: ['inkluż il-vat', 'vat inkluż'],
    vatEx: ['eskluż il-vat', 'mingħajr vat'],
  },
  turkish: {
    buy: ['sepete ekle', 'hemen al', 'satın al'],
    brand: ['marka'],
    maker: ['üretici'],
    code: ['ürün kodu', 'stok kodu', 'model kodu'],
    vatIn: ['kdv dahil'],
    vatEx: ['kdv hariç', '+ kdv'],
  },
  indonesian: {
    buy: ['tambah ke keranjang', 'masukkan keranjang', '+ keranjang', 'beli sekarang', 'beli'],
    brand: ['merek'],
    maker: ['produsen', 'pabrikan'],
    code: ['kode produk', 'kode barang'],
    vatIn: ['termasuk ppn'],
    vatEx: ['belum termasuk ppn', 'tidak termasuk ppn'],
  },
  malay: {
    buy: ['tambah ke troli', 'masukkan ke troli', 'tambah ke bakul', 'beli sekarang', 'beli'],
    brand: ['jenama'],
    maker: ['pengeluar'],
    code: ['kod produk', 'kod barangan'],
    vatIn: ['termasuk sst', 'termasuk cukai'],
    vatEx: ['tidak termasuk sst', 'tidak termasuk cukai'],
  },
  filipino: {
    buy: ['idagdag sa cart', 'idagdag sa basket', 'bilhin ngayon', 'bilhin', 'bumili'],
    brand: ['tatak'],
    maker: ['gumawa', 'tagagawa'],
    code: ['code ng produkto'],
    vatIn: ['kasama ang vat'],
    vatEx: ['hindi kasama ang vat'],
  },
  vietnamese: {
    buy: ['thêm vào giỏ hàng', 'thêm vào giỏ', 'cho vào giỏ hàng', 'mua ngay', 'mua hàng'],
    brand: ['thương hiệu', 'nhãn hiệu'],
    maker: ['nhà sản xuất'],
    code: ['mã sản phẩm', 'mã sp', 'mã hàng'],
    vatIn: ['đã bao gồm vat', 'đã gồm vat'],
    vatEx: ['chưa bao gồm vat', 'chưa gồm vat', 'chưa có vat'],
  },
  zulu: {
    buy: ['engeza enqolobeni', 'faka enqolobeni', 'thenga manje', 'thenga'],
    brand: ['uhlobo', 'ibhrendi'],
    maker: ['umkhiqizi'],
    code: ['ikhodi yomkhiqizo'],
    vatIn: ['kufaka phakathi i-vat'],
    vatEx: ['ngaphandle kwe-vat'],
  },
  swahili: {
    buy: ['ongeza kwenye kikapu', 'weka kwenye kikapu', 'nunua sasa', 'nunua'],
    brand: ['chapa', 'nembo'],
    maker: ['mtengenezaji'],
    code: ['msimbo wa bidhaa', 'nambari ya bidhaa'],
    vatIn: ['pamoja na vat', 'ikijumuisha vat'],
    vatEx: ['bila vat'],
  },
  // Japanese, Chinese and Korean words the rules knew before this table (kept, not extended).
  cjk: {
    buy: ['カートに入れる', '加入购物车', '加入購物車', '장바구니'],
    brand: ['ブランド', '品牌', '브랜드'],
    maker: ['メーカー', '제조사'],
    code: [],
    vatIn: ['税込'],
    vatEx: ['税抜', '税別'],
  },
};

/** Languages of our 54 that share another's words. */
export const SAME_WORDS: Record<string, string> = { flemish: 'dutch', tagalog: 'filipino' };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s*');

/** All words of one kind, longest first (so "item number" wins over "item"). */
export function wordsOf(kind: keyof LanguageWords): string[] {
  const set = new Set<string>();
  for (const w of Object.values(WORDS)) for (const x of w[kind]) set.add(x);
  return [...set].sort((a, b) => b.length - a.length);
}

/** An alternation of the words of `kinds`, escaped, spaces matching any whitespace. */
export function alternation(...kinds: Array<keyof LanguageWords>): string {
  return kinds.flatMap((k) => wordsOf(k)).map(escape).join('|');
}

/**
 * Buy-button text: a phrase ("add to cart", "dodaj u košaricu") starting the text, or a single
 * verb ("kaufen", "kupi", "osta") that is the whole text, so "Buy gift cards" is no buy button.
 */
export function buyButtonPattern(): RegExp {
  const words = wordsOf('buy');
  const phrases = words.filter((w) => /\s/.test(w)).map(escape).join('|');
  const verbs = words.filter((w) => !/\s/.test(w)).map(escape).join('|');
  return new RegExp(`^(?:${phrases})(?=$|[^\\p{L}])|^(?:${verbs})\\s*[!.]?$`, 'iu');
}

/** A word ends at the end of the text or at a non-letter. */
export const WORD_END = '(?=$|[^\\p{L}])';

/**
 * Code labels shops also write without a colon, straight before the code ("Art.-Nr. 4711-22",
 * "SKU 12345", "Артикул 100-2"): only these, and only before a value holding a digit.
 */
export const CODE_NO_COLON = '(?:sku|art\\.?\\s?-?\\s?nr\\.?|artikel-?nr\\.?|artikelnummer|best\\.?-?nr\\.?|bestellnummer|item\\s*(?:no\\.?|#)|ref\\.|réf\\.|cód\\.|cod\\.|артикул|šifra|varenr\\.?|tuotenro)\\s+(?=[\\p{L}\\p{N}./-]*\\d)';
