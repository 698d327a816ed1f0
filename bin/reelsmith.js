#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader: no build step to forget.
import { reexecWithRenderEnv } from './process-env.js';

// glibc reads MALLOC_ARENA_MAX only at start: serve, worker and render re-execute once with it
// (same pid) unless the operator set it (process-env.js). First, before anything else loads.
reexecWithRenderEnv();
// The canvas binding's allocator reads this once, when it loads: returning freed pages to the
// kernel after every frame costs 1.5-3 ms a frame (see docs/rendering.md).
process.env.MIMALLOC_PURGE_DELAY ??= '-1';
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../src/main.ts');
await main(process.argv);
