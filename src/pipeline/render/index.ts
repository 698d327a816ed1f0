/**
 * The render stage: frames drawn with @napi-rs/canvas and piped into ffmpeg. See docs/rendering.md.
 * alloc-env comes first: it configures the canvas binding's allocator before the binding loads.
 */
import './alloc-env.ts';

export { renderVideo, type RenderVideoInput, type RenderVideoResult, type RenderTuning } from './render-video.ts';
export { renderProfile, RENDER_PROFILES, DRAFT_ENCODE, DRAFT_FPS, DRAFT_SHORT_SIDE, type RenderProfile, type RenderProfileName } from './render-profile.ts';
export { renderTemplatePreview, renderCustomTemplatePreview, ensureTemplatePreview, generateTemplatePreviews, previewDirName, templatePreviewHash, PREVIEW_SCALE, type TemplatePreview } from './preview.ts';
export { encodeArgs, baselineEncodeArgs, decodeClipArgs, videoCodecArgs, DEFAULT_ENCODE, type EncodeSettings } from './ffmpeg-args.ts';
export { createFrameSink, EncoderError, type FrameSink, type SinkMode } from './encoder.ts';
export { registerFonts } from './fonts.ts';
export { presenterPlacement, type PresenterPlacement } from './avatar-adapter.ts';
