/**
 * Ids in the documented examples (OpenAPI). Catalog ids in examples are real; these stand for
 * records a client makes first (test/openapi.test.ts swaps them for ones it made).
 */
export const EXAMPLE_IDS = {
  product: '58c37506b8e0bfdbe05f323598354074',
  project: '8410884b93d2aeccccdd380644de0ff9',
  /** A preview (POST /v1/preview, v2 preview_list). */
  preview: '2b7e4f1c9a3d4e8f0c6b5a1d7e9f3c2a',
  /** A talking-avatar video (GET /v2/avatar_video answers only for its own kind). */
  avatarVideo: '2b7e4c91d0a34f5e8c6b1a9d3e7f0c42',
  /** A template video (GET /v2/template_video answers only for its own kind). */
  templateVideo: '6a1d9e3c5b7f4a208e4c2d6b9f1a3e57',
  /** A video translation (GET /v2/video_translate/{id} answers only for its own kind). */
  translateVideo: '9c4e2a7b1d5f4c3e8a6b0d2f7e1c5a93',
  /** A lip-sync video (GET /v2/lip_sync_video/{task_id} answers only for its own kind). */
  lipSyncVideo: '4f8a2c6e0b9d4e1f7a3c5b8d2e6f0a14',
  endpoint: '8cf27c0b9ce573fcf36fe7cc1106884b',
  delivery: '019ab3f0c2d9e8a1b2c3d4e5f6a7b8c9',
  /** A delivery to a request's own webhook_url (GET /v2/webhook_url/deliveries). */
  requestDelivery: '019ab3f0c2d9e8a1b2c3d4e5f6a7b8d0',
  event: '019ab3f0c2d1a4e5f60718293a4b5c6d',
  /** A custom voice (POST /v1/voices/custom). */
  customVoice: 'cv-0c7d2e9a4b1f4e38',
  /** A custom avatar (avatar_type 1). */
  customAvatar: 583920417,
  /** A custom template (POST /v1/templates/custom) and the token of its cover and preview URLs. */
  customTemplate: 734105829,
  customTemplateToken: '5d2c8e1f0a9b4c7d6e3f2a1b0c9d8e7a',
  /** A candidate generation (POST /v1/photo_avatar/photo/generate). */
  photo: '3f9a1c7e5b2d4f608a1e9c3b7d5f2a40',
  /** An add_motion (POST /v1/photo_avatar/add_motion). */
  motion: '7d2c9e4a1b6f4e3d8c5a2b1e9f7d3c60',
  /** A product-avatar batch, one picture of it, and an add_motion of that picture (POST /v2/product_avatar/...). */
  productBatch: '5b7e2d9c4a1f4c8e9d3b6a2f1e0c7d45',
  productGeneration: '9c4e1b7a2d5f4e8c6b3a0d9f2e1c7b58',
  productMotion: '2e8d5c1a9b4f4d7e8c6a3b0f1d2e9c74',
  /** An upload (POST /v1/upload/asset), with the expiry and signature of its upload URL. */
  asset: '3e1f0a9c7b2d4e6f8a0b1c2d3e4f5a6b',
  uploadExpires: '1795619806',
  uploadSignature: 'Xq3vJ0cT8mZ2yK5wR9pL1nB4dF7hG6sA0eU2iO3tY8Q',
  /** A v2 AI script task (POST /v2/ai_scripts). */
  aiScriptTask: '5a8e2c4f7b1d4936a0e3c6f9b2d5e8a1',
} as const;

/** The random file token of the example video: its files live under videos/<project>/<token>/. */
export const EXAMPLE_FILE_TOKEN = '0c5b2f1e9d8a4b7c6e3f2a1b0c9d8e7f';

/** Where the example video's files are served (the layout of src/storage/storage-keys.ts). */
export const exampleVideoFile = (name: 'video.mp4' | 'cover.jpg' | 'subtitles.vtt') =>
  `http://localhost:8080/files/videos/${EXAMPLE_IDS.project}/${EXAMPLE_FILE_TOKEN}/${name}`;

/** Unix seconds in the examples. */
export const EXAMPLE_TIME = 1795618906;

/** The example upload: its signed PUT URL and where its file is served once uploaded. */
export const exampleUpload = {
  signUrl: `http://localhost:8080/v1/upload/asset/${EXAMPLE_IDS.asset}?expires=${EXAMPLE_IDS.uploadExpires}&signature=${EXAMPLE_IDS.uploadSignature}`,
  assetUrl: `http://localhost:8080/files/assets/${EXAMPLE_IDS.asset}/9b8a7c6d5e4f30211203f4e5d6c7b8a9/lamp.png`,
  expiresAt: Number(EXAMPLE_IDS.uploadExpires),
};
