// Builds the web dashboard (web/dashboard/) into dist/dashboard/: one minified script and one
// stylesheet with content hashes in their names under assets/, and index.html naming them.
// Run by scripts/setup.sh, `npm test` and the browser test; prints what the first page weighs.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'web', 'dashboard');

export interface DashboardBuild {
  dir: string;
  /** Bytes of index.html + script + stylesheet, gzipped (what the first page costs). */
  gzipBytes: number;
  rawBytes: number;
}

export async function buildDashboard(outDir = path.join(root, 'dist', 'dashboard')): Promise<DashboardBuild> {
  fs.rmSync(outDir, { recursive: true, force: true });
  const assets = path.join(outDir, 'assets');
  const result = await build({
    entryPoints: [path.join(source, 'main.ts'), path.join(source, 'styles.css')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2022'],
    entryNames: '[name]-[hash]',
    outdir: assets,
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  });
  const outputs = Object.keys(result.metafile.outputs).map((f) => path.basename(f));
  const script = outputs.find((f) => f.endsWith('.js'));
  const style = outputs.find((f) => f.endsWith('.css'));
  if (!script || !style) throw new Error(`dashboard build made ${outputs.join(', ')}`);
  const html = fs
    .readFileSync(path.join(source, 'index.html'), 'utf8')
    .replace('%SCRIPT%', `/assets/${script}`)
    .replace('%STYLE%', `/assets/${style}`);
  fs.writeFileSync(path.join(outDir, 'index.html'), html);
  const files = [path.join(outDir, 'index.html'), path.join(assets, script), path.join(assets, style)].map((f) => fs.readFileSync(f));
  return {
    dir: outDir,
    rawBytes: files.reduce((n, b) => n + b.length, 0),
    gzipBytes: files.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const b = await buildDashboard();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(`dashboard built in ${path.relative(root, b.dir)}: first page ${kb(b.gzipBytes)} gzipped (${kb(b.rawBytes)} raw; budget 200 kB gzipped)`);
  if (b.gzipBytes > 200 * 1024) {
    console.error('dashboard: the first page is over its 200 kB gzipped budget');
    process.exit(1);
  }
}
