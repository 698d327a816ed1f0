import { unixSeconds } from '../lib/clock.ts';
import { sortableId } from './sortable-id.ts';

/** An event about to be recorded; `payload` is the exact body every delivery of it sends. */
export interface NewEvent {
  id: string;
  accountId: string;
  kind: string;
  subjectId: string | null;
  payload: string;
  createdAt: number;
  /** The request's own webhook_url (v2, CONTRACT §9): the outbox also delivers this event there. */
  webhookUrl?: string | null;
}

/**
 * A finished video fires the event kinds of its video kind (src/videos/kinds: the v1
 * generated_video_* and its v2 family, CONTRACT §9): each is its own event with its own event_id
 * and the same data; an endpoint gets the kinds it subscribed to.
 */
export interface VideoOutcome {
  projectId: string;
  accountId: string;
  /** Event kinds to record, e.g. ['generated_video_success', 'generated_avatar_video_success']. */
  kinds: readonly string[];
  /**
   * The request's own webhook_url (v2): one of the events is delivered there too — the v2 family's
   * (the first kind that is not v1's generated_video_*; the first kind if all are), so the request's
   * URL gets its outcome once, in the v2 shape, not the v1 duplicate as well.
   */
  webhookUrl?: string | null;
}

const V1_VIDEO_KINDS = new Set(['generated_video_success', 'generated_video_failed']);

function videoEvents(v: VideoOutcome, data: Record<string, unknown>, nowMs: number): NewEvent[] {
  const toUrl = v.kinds.find((k) => !V1_VIDEO_KINDS.has(k)) ?? v.kinds[0];
  return v.kinds.map((kind) => ({ ...event(kind, v.accountId, v.projectId, data, nowMs), ...(v.webhookUrl && kind === toUrl ? { webhookUrl: v.webhookUrl } : {}) }));
}

function event(kind: string, accountId: string, subjectId: string, data: Record<string, unknown>, nowMs: number): NewEvent {
  const id = sortableId(nowMs);
  // Key order is the documented body order (CONTRACT §7); the text is stored and resent as is.
  const payload = JSON.stringify({ event_id: id, event: kind, timestamp: unixSeconds(nowMs), data });
  return { id, accountId, kind, subjectId, payload, createdAt: nowMs };
}

export function videoSucceededEvents(v: VideoOutcome & { videoUrl: string; coverUrl: string; durationS: number }, nowMs: number): NewEvent[] {
  const data = {
    project_id: v.projectId,
    video_id: v.projectId,
    status: 'success',
    video_url: v.videoUrl,
    cover_url: v.coverUrl,
    duration: v.durationS,
  };
  return videoEvents(v, data, nowMs);
}

export function videoFailedEvents(v: VideoOutcome & { error: { code: number; message: string } }, nowMs: number): NewEvent[] {
  const data = { project_id: v.projectId, video_id: v.projectId, status: 'failed', error: v.error };
  return videoEvents(v, data, nowMs);
}

/** Candidate portraits were painted (POST /v1/photo_avatar/photo/generate): generated_image_success. */
export function imageGeneratedEvent(g: { photoId: string; accountId: string; photoUrls: string[] }, nowMs: number): NewEvent {
  return event('generated_image_success', g.accountId, g.photoId, { photo_id: g.photoId, photo_urls: g.photoUrls }, nowMs);
}

/** Candidate portraits could not be made: generated_image_failed, `error` a sentence. */
export function imageFailedEvent(g: { photoId: string; accountId: string; error: string }, nowMs: number): NewEvent {
  return event('generated_image_failed', g.accountId, g.photoId, { photo_id: g.photoId, error: g.error }, nowMs);
}

/** A motion (POST /v1/photo_avatar/add_motion) finished: generated_motion_success and generated_photo_avatar_success. */
export function motionSucceededEvents(m: { accountId: string; avatarId: number; motionId: string; photoUrl: string; previewUrl: string; coverUrl: string }, nowMs: number): NewEvent[] {
  return [
    event('generated_motion_success', m.accountId, m.motionId, { motion_id: m.motionId, motion_url: m.previewUrl, photo_url: m.photoUrl }, nowMs),
    event('generated_photo_avatar_success', m.accountId, String(m.avatarId), { avatar_id: m.avatarId, status: 1, preview_url: m.previewUrl, cover_url: m.coverUrl }, nowMs),
  ];
}

/** A motion was refused or failed: generated_motion_failed and generated_photo_avatar_failed, `error` a sentence. */
export function motionFailedEvents(m: { accountId: string; avatarId: number; motionId: string; photoUrl: string; error: string }, nowMs: number): NewEvent[] {
  return [
    event('generated_motion_failed', m.accountId, m.motionId, { motion_id: m.motionId, motion_url: '', photo_url: m.photoUrl, error: m.error }, nowMs),
    event('generated_photo_avatar_failed', m.accountId, String(m.avatarId), { avatar_id: m.avatarId, status: 2, preview_url: '', cover_url: '', error: m.error }, nowMs),
  ];
}

/** A v2 AI script task (POST /v2/ai_scripts) wrote its scripts: generated_script_success, also sent to the request's webhook_url. */
export function scriptGeneratedEvent(t: { taskId: string; accountId: string; scripts: { script_style: string; script_paragraphs: string[] }[]; webhookUrl: string | null }, nowMs: number): NewEvent {
  const data = { task_id: t.taskId, status: 'completed', generated_scripts: t.scripts.map((x) => ({ script_style: x.script_style, script_paragraphs: x.script_paragraphs })) };
  return { ...event('generated_script_success', t.accountId, t.taskId, data, nowMs), webhookUrl: t.webhookUrl };
}

/** A v2 AI script task failed: generated_script_failed, `error` a sentence (the task's err_msg). */
export function scriptFailedEvent(t: { taskId: string; accountId: string; error: string; webhookUrl: string | null }, nowMs: number): NewEvent {
  return { ...event('generated_script_failed', t.accountId, t.taskId, { task_id: t.taskId, status: 'failed', error: t.error }, nowMs), webhookUrl: t.webhookUrl };
}

/** A product-avatar batch's pictures as its events carry them. */
export interface ProductAvatarPictures {
  batchId: string;
  accountId: string;
  generations: { generation_id: string; status: string; url: string; error: string }[];
  /** The request's own webhook_url (CONTRACT §9), or null. */
  webhookUrl: string | null;
}

/** A product-avatar batch finished with at least one picture: generated_product_avatar_success. */
export function productAvatarGeneratedEvent(b: ProductAvatarPictures, nowMs: number): NewEvent {
  return { ...event('generated_product_avatar_success', b.accountId, b.batchId, { batch_id: b.batchId, status: 'completed', generations: b.generations }, nowMs), webhookUrl: b.webhookUrl };
}

/** No picture of a product-avatar batch could be made: generated_product_avatar_failed, `error` a sentence. */
export function productAvatarFailedEvent(b: ProductAvatarPictures & { error: string }, nowMs: number): NewEvent {
  return { ...event('generated_product_avatar_failed', b.accountId, b.batchId, { batch_id: b.batchId, status: 'failed', generations: b.generations, error: b.error }, nowMs), webhookUrl: b.webhookUrl };
}

/**
 * A test event (POST /v2/endpoint/{id}/test): the body of a finished video's event of `kind`, with
 * an all-zero project id, empty URLs and `test: true`, so a receiver can check its signature
 * handling without a video being made.
 */
export function testEvent(kind: string, accountId: string, nowMs: number): NewEvent {
  const zero = '0'.repeat(32);
  const data = kind.endsWith('_failed')
    ? { project_id: zero, video_id: zero, status: 'failed', error: { code: 0, message: 'test event: no video was made' }, test: true }
    : { project_id: zero, video_id: zero, status: 'success', video_url: '', cover_url: '', duration: 0, test: true };
  return event(kind, accountId, zero, data, nowMs);
}

/** A video avatar (POST /v1/avatar/create) is ready: create_avatar_success, the vendor's avatar event payload. */
export function createAvatarSucceededEvent(a: { accountId: string; avatarId: number; previewUrl: string; coverUrl: string }, nowMs: number): NewEvent {
  return event('create_avatar_success', a.accountId, String(a.avatarId), { avatar_id: a.avatarId, status: 1, preview_url: a.previewUrl, cover_url: a.coverUrl }, nowMs);
}

/** A video avatar was refused or failed: create_avatar_failed, `error` a sentence the user can act on. */
export function createAvatarFailedEvent(a: { accountId: string; avatarId: number; error: string }, nowMs: number): NewEvent {
  return event('create_avatar_failed', a.accountId, String(a.avatarId), { avatar_id: a.avatarId, error: a.error }, nowMs);
}
