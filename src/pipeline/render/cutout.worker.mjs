// Worker-thread entry of the cut-out pool (cutout-pool.ts). Plain JavaScript, so it loads the same
// way in every process: it registers tsx's loader in this thread, then loads the TypeScript task.
import { register } from 'tsx/esm/api';

register();
const { cutoutTask } = await import('./cutout.task.ts');

export default cutoutTask;
