/**
 * The avatar stage: phoneme timings → mouth shapes → a per-frame pose track, and painters that draw
 * the 12 public presenters, their scenes and catalog covers with @napi-rs/canvas.
 * See docs/avatars.md.
 */
export type {
  AvatarLayout, AvatarPainter, AvatarPainterOptions, AvatarPose, AvatarTrack, DrawnPresenter, Gesture, PresenterRef, PresenterTraits, Rect, Viseme,
} from './avatar.types.ts';
export { faceBoxOf, NEUTRAL_POSE, VISEMES } from './avatar.types.ts';
export { isPausePhoneme, phonemeShapes, type PhonemeShapes } from './phoneme.shapes.ts';
export {
  buildMouthTrack, frameCountFor, minHoldFrames, mouthOpenAt, mouthOpenFrames, MIN_HOLD_MS, RELAX_PAUSE_MS, VISEME_OPENNESS,
} from './mouth.track.ts';
export { buildAvatarTrack, type AvatarTrackInput } from './motion.track.ts';
export { mouthFromAudio, type AudioMouth } from './audio-mouth.ts';
export { createAvatarPainter, presenterOf } from './avatar.painter.ts';
export { COVER_SIZE, drawScene, renderAvatarCover } from './avatar.cover.ts';
export { AVATAR_LOOKS, lookFor, type AvatarLook } from './looks.data.ts';
export { MOUTH_INTERIOR, EYE_WHITE } from './paint/layout.ts';
export { sampleNarration } from './avatar.sample.ts';
