#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx's loader: no build step to forget.
import { register } from 'tsx/esm/api';

// The canvas binding's allocator reads this once, when it loads: returning freed pages to the
// kernel after every frame costs 1.5-3 ms a frame (see docs/rendering.md).
process.env.MIMALLOC_PURGE_DELAY ??= '-1';
register();
const { main } = await import('../src/main.ts');
await main(process.argv);
