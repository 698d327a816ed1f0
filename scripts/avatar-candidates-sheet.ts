// Contact sheet of described candidates (docs/images/avatar-candidates.png): rows of the four
// candidates POST /v1/photo_avatar/photo/generate paints for a few descriptions.
// Run: node --import tsx scripts/avatar-candidates-sheet.ts [out.png] [cell px]
import fs from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describePresenters, type PresenterDescription } from '../src/pipeline/avatar/describe.ts';
import { renderAvatarCover } from '../src/pipeline/avatar/index.ts';

export const SHEET_ROWS: Array<{ label: string; d: PresenterDescription }> = [
  { label: 'Young adult · Female · Professional · classic · east asian · office', d: { age: 'Young adult', gender: 'Female', avatarStyle: 'Professional', model: 'classic', ethnicity: 'East Asian', background: 'office' } },
  { label: 'Elderly · Male · Social · modern · european · "glasses and a beard" · park', d: { age: 'Elderly', gender: 'Male', avatarStyle: 'Social', model: 'modern', ethnicity: 'European', appearance: 'glasses and a beard', background: 'park' } },
  { label: 'Adult · Female · Social · modern · middle eastern · "green headscarf" · cafe', d: { age: 'Adult', gender: 'Female', avatarStyle: 'Social', model: 'modern', ethnicity: 'Middle Eastern', appearance: 'green headscarf', background: 'cafe' } },
  { label: 'Teenager · Male · Social · classic · african · "short curly hair, hoodie" · studio', d: { age: 'Teenager', gender: 'Male', avatarStyle: 'Social', model: 'classic', ethnicity: 'African', appearance: 'short curly hair, hoodie', background: 'studio' } },
  { label: 'Adult · Female · Professional · modern · latino · "long red hair, blue eyes, pearls" · living room', d: { age: 'Adult', gender: 'Female', avatarStyle: 'Professional', model: 'modern', ethnicity: 'Latino', appearance: 'long red hair, blue eyes, pearls', background: 'living room' } },
];

async function main(): Promise<void> {
  const out = process.argv[2] ?? 'docs/images/avatar-candidates.png';
  const cell = Number(process.argv[3] ?? 150);
  const labelH = 18;
  const canvas = createCanvas(cell * 4, SHEET_ROWS.length * (cell + labelH));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (const [r, row] of SHEET_ROWS.entries()) {
    const y = r * (cell + labelH);
    ctx.fillStyle = '#222';
    ctx.font = '12px sans-serif';
    ctx.fillText(row.label, 4, y + 13);
    const { candidates, unknownWords } = describePresenters(row.d);
    if (unknownWords.length) console.log(row.label, 'unknown:', unknownWords.join(', '));
    for (const [i, c] of candidates.entries()) {
      const img = await loadImage(await renderAvatarCover(c));
      ctx.drawImage(img, i * cell, y + labelH, cell, cell);
    }
  }
  fs.writeFileSync(out, await canvas.encode('png'));
  console.log(out, fs.statSync(out).size, 'bytes');
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
