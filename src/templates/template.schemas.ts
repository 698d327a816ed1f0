import { Type } from 'typebox';
import { StringEnum } from '../http/schema-helpers.ts';

/** A template as GET /v1/templates and /v1/templates/custom list it. */
export const VARIABLE_TYPES = ['text', 'image', 'video', 'script'] as const;
export const VARIABLE_MEANINGS = ['on-screen text (properties.content)', 'a picture (properties.url or properties.asset_id)', 'a clip (properties.url or properties.asset_id)', 'the narration (properties.content)'];

export const TemplateVariableOut = Type.Object({
  type: StringEnum(VARIABLE_TYPES, { meanings: VARIABLE_MEANINGS }),
  name: Type.String({ description: 'What create_video_with_template names it by' }),
  required: Type.Boolean({ description: 'Extension: a request without it is refused (40000)' }),
});

export const TemplateOut = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  cover_url: Type.String(),
  preview_url: Type.String(),
  aspect_ratio: Type.Integer(),
  template_type: Type.String({ description: 'Extension: public (GET /v1/templates) or custom (GET /v1/templates/custom)' }),
  variables: Type.Array(TemplateVariableOut, { description: 'The slots create_video_with_template fills, by name' }),
});


/** The scene description docs/templates.md explains field by field, as the OpenAPI example of POST /v1/templates/custom. */
export const SCENE_EXAMPLE = {
  name: 'Spring Sale',
  aspect_ratio: 2,
  base_template_id: 4,
  visual_style: 'Bold Pop',
  colors: { background: '#102040', background2: '#1C3A6B', text: '#FFFFFF', accent: '#FF5500', highlight: '#FFD23F' },
  fonts: { display: 'Noto Serif Display', body: 'Noto Sans' },
  background: 'dots',
  logo: { url: 'https://cdn.example.com/brand/logo.png', box: { x: 0.72, y: 0.06, w: 0.2, h: 0.08 } },
  layout: {
    media: { box: { x: 0.2, y: 0.25, w: 0.6, h: 0.45 }, frame: 'card', radius: 0.03 },
    captions: { box: { x: 0.05, y: 0.76, w: 0.9, h: 0.16 } },
    text: { title: { box: { x: 0.05, y: 0.06, w: 0.62, h: 0.1 }, align: 'left' }, call_to_action: { box: { x: 0.3, y: 0.62, w: 0.4, h: 0.08 }, align: 'center' } },
  },
  variables: [
    { type: 'script', name: 'script' },
    { type: 'text', name: 'title', required: true },
    { type: 'text', name: 'button', slot: 'call_to_action' },
    { type: 'image', name: 'photo', required: true },
  ],
};
