// Worker-thread entry of the extraction pool (extract-pool.ts), loaded bundled (lib/worker-entry.ts).
export { extractTask as default } from './extract-task.ts';
