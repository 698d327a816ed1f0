/**
 * Event kinds a v1 endpoint may subscribe to: the seed's two and every name the vendor's v1 clients
 * offer (the n8n node's trigger and its "add webhook" operation: create_avatar_success and
 * create_avatar_failed; Pipedream and Activepieces offer only the video kinds). CONTRACT §6, §9.
 */
export const V1_EVENTS = ['generated_video_success', 'generated_video_failed', 'create_avatar_success', 'create_avatar_failed'] as const;

/** Event kinds a v2 endpoint may subscribe to: the seed's five plus the documented v2 catalogue (CONTRACT §6). */
export const V2_EVENTS = [
  'generated_video_success',
  'generated_video_failed',
  'generated_avatar_video_success',
  'generated_avatar_video_failed',
  'generated_photo_avatar_success',
  'generated_photo_avatar_failed',
  'generated_product_video_success',
  'generated_product_video_failed',
  'generated_template_video_success',
  'generated_template_video_failed',
  'generated_translate_video_success',
  'generated_translate_video_failed',
  'generated_lip_sync_video_success',
  'generated_lip_sync_video_failed',
  'create_avatar_success',
  'create_avatar_failed',
  'generated_product_avatar_success',
  'generated_product_avatar_failed',
  'generated_script_success',
  'generated_script_failed',
  'generated_image_success',
  'generated_image_failed',
  'generated_motion_success',
  'generated_motion_failed',
] as const;
