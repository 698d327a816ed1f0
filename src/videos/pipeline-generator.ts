import { videoKind } from './kinds/index.ts';
import type { PipelineDeps } from './kinds/kind.ts';
import type { GeneratedVideo, GenerationJob, ProgressReporter, VideoGenerator } from './video-generator.ts';

export type { PipelineDeps } from './kinds/kind.ts';
export { shortWarning } from './kinds/product.kind.ts';

/**
 * The media pipeline behind a video job: hands the job to its kind (src/videos/kinds/), which
 * turns the stored request into a render plan and runs the stages it needs in the job's work dir.
 * What the kinds use (PipelineDeps) is defined with them, in kinds/kind.ts.
 */
export class PipelineGenerator implements VideoGenerator {
  constructor(private readonly deps: PipelineDeps) {}

  generate(job: GenerationJob, progress: ProgressReporter, signal: AbortSignal): Promise<GeneratedVideo> {
    return videoKind(job.video.kind).generate(job, this.deps, progress, signal);
  }
}
