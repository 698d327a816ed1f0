/** The kinds of video (src/videos/kinds): one id space, one job system, one outbox. No imports, so the video rows can name them. */
export const KIND_NAMES = ['product', 'avatar', 'template', 'preview', 'translate', 'lip_sync'] as const;
export type KindName = (typeof KIND_NAMES)[number];
