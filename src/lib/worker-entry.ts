/**
 * How every worker thread of the product loads its code (the cut-out, face, extraction and
 * neural-voice pools): without tsx in the thread. Registering tsx's loader in a thread and
 * compiling the TypeScript task there cost ~0.6 CPU s a thread start; a plain module loads in
 * ~0.2 s (docs/rendering.md, issue 29 item 2).
 *
 * A `.ts` entry is bundled by esbuild (tsx's own, so no added dependency) into one ESM file, the
 * packages left as imports; `import.meta.url` in each source keeps meaning that source's file
 * (model paths, createRequire). The bundle is cached, named by a hash of its inputs' bytes
 * (esbuild's metafile lists them), next to a manifest of those inputs: a process re-hashes them on
 * first use and rebuilds when one changed, so an edited source never runs stale, on a clean clone
 * the first use builds it (~0.1-0.2 s, esbuild's process, once per machine), and tests, `serve`,
 * the CLI and the demo all load the same thing. A `.mjs` entry is used as it is.
 *
 * Either way the thread gets the process's execArgv without tsx (`node --import tsx` — tests,
 * benches — would otherwise load tsx into every thread again).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerEntry {
  /** For piscina's `filename`: a file URL. */
  filename: string;
  execArgv: string[];
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const built = new Map<string, Promise<WorkerEntry>>();

/** The file a worker thread loads for `entry` (a module URL), bundled and cached when it is TypeScript. */
export function workerEntry(entry: URL): Promise<WorkerEntry> {
  let p = built.get(entry.href);
  if (!p) {
    p = resolveEntry(entry);
    // A failed build is tried again on the next use.
    p.catch(() => built.delete(entry.href));
    built.set(entry.href, p);
  }
  return p;
}

/** The process's execArgv without tsx's loader (`--import tsx`, `--import=tsx`, `--loader tsx`, `--require tsx/cjs`). */
export function execArgvWithoutTsx(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  const isTsx = (v: string | undefined) => v !== undefined && /^tsx(\/|$)/.test(v);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const m = /^--(import|loader|experimental-loader|require)(=(.*))?$/.exec(a);
    if (m && (m[2] ? isTsx(m[3]) : isTsx(argv[i + 1]))) {
      if (!m[2]) i++;
      continue;
    }
    if (a === '-r' && isTsx(argv[i + 1])) {
      i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

async function resolveEntry(entry: URL): Promise<WorkerEntry> {
  const execArgv = execArgvWithoutTsx();
  const file = fileURLToPath(entry);
  if (!file.endsWith('.ts')) return { filename: entry.href, execArgv };
  return { filename: pathToFileURL(await bundle(file)).href, execArgv };
}

interface Manifest {
  bundle: string;
  /** Input path (relative to the project) → sha256 of its bytes. */
  inputs: Record<string, string>;
}

const sha = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');

/** The cached bundle of `file` if its inputs are unchanged, else a new one. */
async function bundle(file: string): Promise<string> {
  const dir = cacheDir();
  const name = path.basename(file, '.ts');
  const manifestPath = path.join(dir, `${name}-${sha(file).slice(0, 12)}.json`);
  const cached = readManifest(manifestPath);
  if (cached && fs.existsSync(path.join(dir, cached.bundle)) && Object.entries(cached.inputs).every(([p, h]) => hashOf(path.join(ROOT, p)) === h)) {
    return path.join(dir, cached.bundle);
  }
  const esbuild = loadEsbuild();
  const result = await esbuild.build({
    entryPoints: [file],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    write: false,
    metafile: true,
    absWorkingDir: ROOT,
    logLevel: 'silent',
    plugins: [ownImportMeta],
  });
  const inputs: Record<string, string> = {};
  for (const p of Object.keys(result.metafile!.inputs).sort()) inputs[p] = hashOf(path.join(ROOT, p))!;
  const code = result.outputFiles![0]!.contents;
  const key = sha(JSON.stringify([esbuild.version, process.versions.node, inputs]) + sha(Buffer.from(code))).slice(0, 16);
  const bundleName = `${name}-${key}.mjs`;
  writeAtomic(path.join(dir, bundleName), code);
  writeAtomic(manifestPath, JSON.stringify({ bundle: bundleName, inputs } satisfies Manifest));
  return path.join(dir, bundleName);
}

/** Each source's `import.meta.url` (and dirname, filename) stays its own file's, not the bundle's. */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(b: { onLoad: (o: { filter: RegExp }, cb: (a: { path: string }) => { contents: string; loader: 'ts' | 'js' } | undefined) => void }) {
    b.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, (a) => {
      if (a.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const src = fs.readFileSync(a.path, 'utf8');
      if (!src.includes('import.meta')) return undefined;
      const contents = src
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(a.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(a.path)))
        .replaceAll('import.meta.filename', JSON.stringify(a.path));
      return { contents, loader: a.path.endsWith('ts') ? 'ts' : 'js' };
    });
  },
};

function hashOf(p: string): string | null {
  try {
    return sha(fs.readFileSync(p));
  } catch {
    return null;
  }
}

function readManifest(p: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(p, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** Written beside and renamed into place: another process building the same bundle never sees half a file. */
function writeAtomic(p: string, data: Uint8Array | string): void {
  const tmp = `${p}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, p);
}

let dirMemo: string | null = null;

/**
 * node_modules/.cache/reelsmith-workers (the packages the bundle imports resolve from there), or,
 * where the install is read-only (the container runs as `node` over a root-owned /app), a
 * directory in the temp dir with a `node_modules` link to the project's.
 */
function cacheDir(): string {
  if (dirMemo) return dirMemo;
  const modules = path.join(ROOT, 'node_modules');
  const own = path.join(modules, '.cache', 'reelsmith-workers');
  try {
    fs.mkdirSync(own, { recursive: true });
    fs.accessSync(own, fs.constants.W_OK);
    return (dirMemo = own);
  } catch {
    const tmp = path.join(os.tmpdir(), `reelsmith-workers-${process.getuid?.() ?? 'u'}-${sha(ROOT).slice(0, 8)}`);
    fs.mkdirSync(tmp, { recursive: true });
    const link = path.join(tmp, 'node_modules');
    if (!fs.existsSync(link)) {
      try {
        fs.symlinkSync(modules, link, 'dir');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    return (dirMemo = tmp);
  }
}

interface Esbuild {
  version: string;
  build(o: Record<string, unknown>): Promise<{ metafile?: { inputs: Record<string, unknown> }; outputFiles?: { contents: Uint8Array }[] }>;
}

/** esbuild as tsx depends on it (not a dependency of the project's own). */
function loadEsbuild(): Esbuild {
  const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
  return fromTsx('esbuild') as Esbuild;
}
