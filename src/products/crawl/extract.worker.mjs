// Worker-thread entry of the extraction pool (extract-pool.ts). Plain JavaScript, so it loads the
// same way in every process: it registers tsx's loader in this thread (`bin/reelsmith.js`
// registers it in the main thread only), then loads the TypeScript task.
import { register } from 'tsx/esm/api';

register();
const { extractTask } = await import('./extract-task.ts');

export default extractTask;
