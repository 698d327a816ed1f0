// Worker-thread entry of the cut-out pool (cutout-pool.ts), loaded bundled (lib/worker-entry.ts).
export { cutoutTask as default } from './cutout.task.ts';
