import { call } from '../api.ts';
import { field, h, select } from '../dom.ts';
import { aspectField, captionCheck, chosenFile, languageSelect, num, presenterFrom, presenterPicker, str, uploaded, videoNameField, voicePicker, type VideoKind } from './kind-fields.ts';

const SCREEN_STYLES = [
  { value: '1', label: 'The presenter’s own scene' },
  { value: '2', label: 'Green screen (#00B140), to key out' },
  { value: '3', label: 'Transparent (WebM with alpha)' },
];

/**
 * POST /v1/create_video_from_talking_avatar: a presenter says a script, or lip-moves to the
 * person's own recording (uploaded through uploadFile, sent as audio_url); both = the script
 * is what the recording says, and the captions follow it.
 */
export const talkingAvatarVideo: VideoKind = {
  id: 'talking-avatar',
  label: 'Talking presenter',
  blurb: 'A presenter says your script, or moves their lips to your own recording. 1 credit per started 2 minutes.',
  cost: '1 credit per 2 min',
  fields(c) {
    const language = languageSelect();
    const script = h('textarea', { name: 'script', rows: 6, maxlength: 10000 });
    const audio = h('input', { type: 'file', name: 'audio', accept: 'audio/*,.mp3,.wav,.m4a,.ogg,.opus' });
    return [
      // The route takes public presenters only for now (10104 for avatar_type 1; docs/api.md).
      presenterPicker(c, { custom: true, hint: 'A presenter made from a photo takes the scene background only.' }),
      field('Script', script, 'What the presenter says. With a recording below: what the recording says, for the captions.'),
      field('Your recording (optional)', audio, 'mp3, wav, m4a or ogg, up to 10 minutes. The presenter moves their lips to it instead of a voice.'),
      h('div', { class: 'row' }, field('Language', language, 'Of the voice, or of your recording.'), aspectField(), field('Background', select('screen_style', SCREEN_STYLES, '1'))),
      voicePicker(c, language, 'the presenter’s'),
      h('div', { class: 'row' }, videoNameField(), captionCheck()),
    ];
  },
  async submit(v) {
    const audio_url = await uploaded(chosenFile(v, 'audio'));
    const body = {
      ...presenterFrom(v),
      script: str(v, 'script'),
      audio_url,
      // The voice decides the language of a script; `language` is for a recording's alignment.
      voice_id: audio_url ? undefined : str(v, 'voice_id'),
      language: audio_url ? str(v, 'language') : undefined,
      screen_style: num(v, 'screen_style'),
      aspect_ratio: num(v, 'aspect_ratio'),
      caption: v.get('caption') === 'true',
      video_name: str(v, 'video_name'),
    };
    const env = await call<{ project_id: string }>('POST', '/v1/create_video_from_talking_avatar', body);
    return { projectId: env.data.project_id, warnings: env.warnings ?? [] };
  },
};
