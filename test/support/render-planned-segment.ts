/**
 * What a segment job does, as a fresh process: segment k of the plan in dir (argv: dir k), drawn
 * from the plan file alone — no timeline built and no fonts registered beforehand in this process.
 */
import { renderPlannedSegment } from '../../src/pipeline/render/render-segments.ts';

const [dir, k] = process.argv.slice(2);
if (!dir || !k) throw new Error('usage: render-planned-segment.ts <dir> <k>');
await renderPlannedSegment(dir, Number(k));
