import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { lipSyncJawRun } from './support/lip-sync-jaw.ts';

/**
 * Lip-sync's jaw and mouth on bench:quality cells 114 (9:16) and 115 (16:9)'s clip
 * (test/support/lip-sync-jaw.ts; docs/avatars.md "Lip-sync of a whole video", 2026-11-30).
 * Before: the rest frame's chin pasted over the frame's and the chin taken to be where the net's
 * landmarks put it (a second chin edge in 8/143 and 34/143 frames), the mouth a thin parted line
 * (at most 0.10 and 0.07 of its width squared dark), r with the speech 0.85 and 0.58.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelsmith-lipsync-jaw-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lip-sync: one clean jaw edge, a mouth that opens', () => {
  for (const [W, H, doubles] of [[360, 640, 0.04], [640, 360, 0.15]] as const) {
    it(`${W}x${H}: a second jaw edge in at most ${doubles * 100} % of frames, open vowels dark inside, the mouth following the speech`, { timeout: 300_000 }, async () => {
      const run = await lipSyncJawRun(W, H, path.join(dir, `cache-${W}`), path.join(dir, `out-${W}`));
      console.log(`${W}x${H}: double jaw edge in ${run.doubleEdges}/${run.jawRatio.length} frames; mouth dark share ${run.darkShare.toFixed(3)}; r ${run.r.toFixed(2)}`);
      assert.ok(run.doubleEdges <= run.jawRatio.length * doubles, `a second jaw edge in ${run.doubleEdges} of ${run.jawRatio.length} frames`);
      assert.ok(run.darkShare >= 0.13, `the open mouth's dark inside: at most ${run.darkShare.toFixed(3)} of the mouth's width squared`);
      assert.ok(run.r >= 0.88, `mouth darkness vs the speech's openness r = ${run.r.toFixed(2)}`);
    });
  }
});
