/**
 * Import before anything loads @napi-rs/canvas. canvas.data() returns a fresh buffer from the
 * binding's mimalloc per frame (8 MB at 1080x1920); by default mimalloc purges freed memory after
 * 10 ms, so every frame faults fresh (huge) pages in again: measured here, 1.5–2 ms more kernel
 * time per frame and ~20% lower throughput on a busy 2-core VM. With purging off, the few frame
 * buffers in flight are reused. An operator's own MIMALLOC_PURGE_DELAY wins. mimalloc reads it
 * when the binding loads, so it only helps if this runs first (bin/reelsmith.js is the place).
 */
process.env.MIMALLOC_PURGE_DELAY ??= '-1';

export const MIMALLOC_PURGE_DELAY = process.env.MIMALLOC_PURGE_DELAY;
