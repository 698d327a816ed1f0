import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

/** The configuration is the base every part reads: it must not know the parts built on it (issue 28). */
describe('config layering', () => {
  const dir = path.resolve(import.meta.dirname, '../src/config');
  const sources = fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')] as const);

  it('src/config imports nothing from the pipeline, the jobs, the HTTP shell or a feature service', () => {
    assert.ok(sources.length > 0);
    for (const [file, text] of sources) {
      const imports = [...text.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
      for (const spec of imports) {
        assert.doesNotMatch(spec, /\/(pipeline|jobs|http|videos|webhooks|avatars)\//, `${file} imports ${spec}`);
      }
    }
  });

  it('nor does anything it imports, at any depth (every relative import followed)', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    const seen = new Set<string>();
    const walk = (file: string, via: string[]) => {
      if (seen.has(file)) return;
      seen.add(file);
      const rel = path.relative(src, file);
      assert.doesNotMatch(rel, /^(pipeline|jobs|http|videos|webhooks|avatars)\//, `src/config reaches ${rel} through ${via.join(' → ')}`);
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^\s*(?:import|export)[^'"]*from\s+['"](\.[^'"]+)['"]/gm)) walk(path.resolve(path.dirname(file), m[1]!), [...via, rel]);
    };
    for (const [file] of sources) walk(path.join(dir, file), []);
    assert.ok(seen.size > sources.length, 'the walk followed imports');
  });

  it('the external speech engine reads its settings type from the configuration', async () => {
    const engine = fs.readFileSync(path.resolve(import.meta.dirname, '../src/pipeline/speech/external/external.engine.ts'), 'utf8');
    assert.match(engine, /ExternalTtsConfig\b[^;]*from '\.\.\/\.\.\/\.\.\/config\/config\.ts'/);
  });
});
