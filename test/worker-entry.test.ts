import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { execArgvWithoutTsx, workerEntry } from '../src/lib/worker-entry.ts';

test('execArgvWithoutTsx drops only tsx loader flags', () => {
  assert.deepEqual(execArgvWithoutTsx(['--import', 'tsx', '--max-old-space-size=512', '--import=tsx/esm', '--loader', 'tsx', '-r', 'tsx/cjs', '--import', './other.mjs']), ['--max-old-space-size=512', '--import', './other.mjs']);
});

test('a TypeScript worker entry runs bundled, without tsx in the thread, and is rebuilt when a source changes', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'worker-entry-'));
  const dep = path.join(dir, 'dep.ts');
  const entry = path.join(dir, 'entry.worker.ts');
  fs.writeFileSync(dep, 'export const value: number = 1;\nexport const where: string = import.meta.url;\n');
  fs.writeFileSync(
    entry,
    "import { value, where } from './dep.ts';\nexport default function task(): unknown {\n  return { value, where, execArgv: process.execArgv };\n}\n",
  );
  const run = async (href: URL) => {
    const e = await workerEntry(href);
    const pool = new Piscina({ ...e, minThreads: 0, maxThreads: 1 });
    try {
      return (await pool.run(null)) as { value: number; where: string; execArgv: string[] };
    } finally {
      await pool.destroy();
    }
  };
  try {
    const url = pathToFileURL(entry);
    const first = await run(url);
    assert.equal(first.value, 1);
    // Each source keeps its own import.meta.url (model paths beside the source), not the bundle's.
    assert.equal(first.where, pathToFileURL(dep).href);
    assert.ok(!first.execArgv.some((a) => /tsx/.test(a)), `execArgv ${first.execArgv.join(' ')}`);
    // The bundle is a plain .mjs: loading it needs no TypeScript loader.
    assert.match((await workerEntry(url)).filename, /\.mjs$/);
    // A changed dependency (a fresh process: another URL, the same file) is never run stale.
    fs.writeFileSync(dep, 'export const value: number = 2;\nexport const where: string = import.meta.url;\n');
    const second = await run(new URL(`${url.href}?again`));
    assert.equal(second.value, 2);
    assert.notEqual((await workerEntry(new URL(`${url.href}?again`))).filename, (await workerEntry(url)).filename);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    // This test's bundles and manifests (named after its entry) leave the shared cache.
    const cache = path.dirname(new URL((await workerEntry(pathToFileURL(entry))).filename).pathname);
    for (const f of fs.readdirSync(cache)) if (f.startsWith('entry.worker-')) fs.rmSync(path.join(cache, f), { force: true });
  }
});
