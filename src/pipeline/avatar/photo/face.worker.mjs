// Worker-thread entry of the face pool (face.pool.ts). Plain JavaScript so it loads the same way in
// every process: it registers tsx's loader in this thread, then loads the TypeScript task.
import { register } from 'tsx/esm/api';

register();
const { faceTask } = await import('./face.task.ts');
const video = await import('../video/face-video.task.ts');

export default faceTask;
export const trackVideoTask = video.trackVideoTask;
