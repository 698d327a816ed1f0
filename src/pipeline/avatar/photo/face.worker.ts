// Worker-thread entry of the face pool (face.pool.ts), loaded bundled (lib/worker-entry.ts).
export { faceTask as default } from './face.task.ts';
export { trackVideoTask } from '../video/face-video.task.ts';
