/**
 * A video's product images made ready while its narration is spoken (issue 29, latency budget):
 * their info (sizes, backdrops: the framing's input) from the start, and once the script is
 * written the images its scenes show decoded, cut out and sized exactly as the media layer
 * would (prepareImage), so the render finds them done instead of starting them. The speech runs
 * in its own process; this runs beside it on the other core and in the cut-out thread.
 *
 * Nothing here decides what is drawn: every image is kept under all of prepareImage's arguments,
 * so a render framed otherwise (a script written again to fit the length, another template)
 * simply prepares what it misses itself, as it did before.
 */
import type { Script } from '../types.ts';
import { imagesPicked, mediaFraming, type FramingInput } from '../timeline/build.ts';
import { MAX_KEN_BURNS_SCALE } from '../timeline/motion.ts';
import type { ImageFrame } from '../timeline/media-frame.ts';
import { imageInfo, preparedKey, prepareImage, type PreparedImage } from './media.ts';
import { releaseCutoutThread } from './cutout-pool.ts';

type Info = Awaited<ReturnType<typeof imageInfo>>;

export class EarlyMedia {
  private readonly infos: Promise<Info[]>;
  private readonly images = new Map<string, Promise<PreparedImage>>();
  /** Whether an image asked for here is cut out (in the cut-out pool's thread). */
  private cutouts = false;

  /** Starts reading the info of the product's images (`paths`, in order). */
  constructor(private readonly paths: readonly string[]) {
    this.infos = Promise.all(paths.map((p) => imageInfo(p)));
  }

  /** The images' info when `paths` are the ones given at the start; null otherwise. */
  imageInfos(paths: readonly string[]): Promise<Info[]> | null {
    return paths.length === this.paths.length && paths.every((p, i) => p === this.paths[i]) ? this.infos : null;
  }

  /**
   * Starts preparing the images the scenes of `script` show, framed for the request's choices.
   * Resolves once they are started (not done); never rejects: a failure here is the render's
   * to meet again.
   */
  async start(script: Script, input: Omit<FramingInput, 'imageInfo'>): Promise<void> {
    try {
      const f = mediaFraming({ ...input, imageInfo: await this.infos });
      const media = f.layout.media;
      if (!media || !f.mediaBox) return;
      const carousel = media.motion === 'carousel';
      for (const i of imagesPicked(script, input.product, f.usable, carousel))
        void this.image(input.product.imagePaths[i]!, f.mediaBox.w, f.mediaBox.h, carousel ? 1 : MAX_KEN_BURNS_SCALE, f.images[i] ?? null).catch(() => undefined);
    } catch {
      // The render frames and prepares the images itself.
    }
  }

  /** How many images were asked for (tests: a render that finds its images asks for no new ones). */
  get started(): number {
    return this.images.size;
  }

  /** prepareImage(path, w, h, maxScale, { frame }), made once for these arguments. */
  image(path: string, w: number, h: number, maxScale: number, frame: ImageFrame | null): Promise<PreparedImage> {
    const key = JSON.stringify([path, w, h, maxScale, preparedKey(frame)]);
    let made = this.images.get(key);
    if (!made) {
      made = prepareImage(path, w, h, maxScale, { frame });
      this.images.set(key, made);
      if (frame?.treatment === 'cutout') this.cutouts = true;
    }
    return made;
  }

  /**
   * For a video that ends (fails or is cancelled) before its render's prepare() let the cut-out
   * thread go: once the images started here are done, the thread is released as prepare() would
   * (media-layer.ts), instead of idling a minute with its ~70 MB. Nothing to do when no image
   * here was cut out. Never rejects.
   */
  async release(): Promise<void> {
    if (!this.cutouts) return;
    await Promise.allSettled(this.images.values());
    await releaseCutoutThread().catch(() => undefined);
  }
}
