import type { VideoRequest } from '../../src/videos/video.repository.ts';

/** A product video's stored request as create_video_from_url normalises its minimal body (tests that accept videos through the service). */
export const productRequest = (productId: string): VideoRequest => ({
  product_id: productId,
  aspect_ratio: 0,
  video_length: 15,
  language: 'english',
  avatar_id: 1,
  avatar_type: 0,
  script_style: 'Problem/Solution',
  template_type: 'public',
  voice_id: null,
  music_id: null,
  visual_style: null,
  template_id: null,
  override_script: null,
  caption: false,
  video_name: null,
});
