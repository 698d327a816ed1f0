/**
 * Sentence splitting that knows the world's sentence ends: . ! ? … (Latin, Cyrillic, Greek, ...),
 * 。！？ (CJK, which need no following space), । ॥ (Indic), ؟ ۔ (Arabic, Urdu, Persian), ። ፧
 * (Ethiopic), ; and ; (the Greek question mark). A "." inside "49.90" or "e.g." is not an end:
 * a Western end only counts when whitespace or the end of the text follows. Lines are sentences
 * of their own (a pasted script often has one sentence a line).
 */
const WIDE_END = new Set(['。', '！', '？', '｡']);
const SPACED_END = new Set(['.', '!', '?', '…', '।', '॥', '؟', '۔', '።', '፧', '፨', '\u037e']);
const CLOSERS = new Set(['"', "'", '”', '’', '»', '」', '』', ')', '）', ']', '】']);

export function splitSentences(text: string, language?: string): string[] {
  const out: string[] = [];
  const spaced = language === 'greek' ? new Set([...SPACED_END, ';']) : SPACED_END;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    let start = 0;
    let i = 0;
    while (i < line.length) {
      const ch = line[i]!;
      const wide = WIDE_END.has(ch);
      if (!wide && !spaced.has(ch)) {
        i++;
        continue;
      }
      let j = i + 1;
      while (j < line.length && (WIDE_END.has(line[j]!) || spaced.has(line[j]!) || CLOSERS.has(line[j]!))) j++;
      if (wide || ((j >= line.length || /\s/.test(line[j]!)) && !abbreviation(line, start, i))) {
        push(out, line.slice(start, j));
        start = j;
      }
      i = j;
    }
    push(out, line.slice(start));
  }
  return out;
}

/** "e.g.", "Mr.", "A." before a dot: not a sentence end. */
function abbreviation(line: string, start: number, dot: number): boolean {
  if (line[dot] !== '.') return false;
  const before = /(\S+)$/u.exec(line.slice(start, dot))?.[1] ?? '';
  return /^(?:\p{L}|e\.g|i\.e|vs|mr|mrs|ms|dr|st|approx|incl|z\.b|bzw|usw|ca)$/iu.test(before);
}

function push(out: string[], s: string): void {
  const t = s.replace(/\s+/g, ' ').trim();
  if (t && /[\p{L}\p{N}]/u.test(t)) out.push(t);
}
