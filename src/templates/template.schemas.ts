import { Type } from 'typebox';
import { EXAMPLE_IDS } from '../http/examples.ts';
import { Opt, StringEnum } from '../http/schema-helpers.ts';

/** A template as GET /v1/templates and /v1/templates/custom list it. */
export const VARIABLE_TYPES = ['text', 'image', 'video', 'script'] as const;
export const VARIABLE_MEANINGS = ['on-screen text (properties.content)', 'a picture (properties.url or properties.asset_id)', 'a clip (properties.url or properties.asset_id)', 'the narration (properties.content)'];

/** The request's `variables[]` of both create_video_with_template routes; `content` says what it holds there. */
export const VariablesIn = (content: string) =>
  Type.Array(
    Type.Object({
      type: StringEnum(VARIABLE_TYPES, { meanings: VARIABLE_MEANINGS, description: "The variable's type, as the template lists it" }),
      name: Type.String({ minLength: 1, maxLength: 64, description: "A variable name of the template's `variables`" }),
      properties: Opt(
        Type.Object({
          content: Opt(Type.String({ maxLength: 5000, description: content })),
          url: Opt(Type.String({ maxLength: 2048, description: 'image and video variables: a URL, an asset URL or an asset_id' })),
          asset_id: Opt(Type.Union([Type.Integer(), Type.String({ maxLength: 64 })], { description: 'image and video variables: an asset_id from POST /v1/upload/asset; 0 or empty when unused' })),
        }, { description: 'The value: content for text and script, url or asset_id for image and video' }),
      ),
    }),
    { maxItems: 50, description: 'Values of the template\'s variables; the n8n node sends content, url and asset_id on each, empty when unused' },
  );

export const TemplateVariableOut = Type.Object({
  type: StringEnum(VARIABLE_TYPES, { meanings: VARIABLE_MEANINGS, description: 'What the variable takes: text, image, video or script' }),
  name: Type.String({ description: 'What create_video_with_template names it by' }),
  required: Type.Boolean({ description: 'Extension: a request without it is refused (40000)' }),
});

export const TemplateOut = Type.Object({
  id: Type.Integer({ description: 'The template_id of create_video_with_template (and of create_video_from_url for a public one)' }),
  name: Type.String({ description: 'Template name' }),
  cover_url: Type.String({ description: 'A still of the template (JPEG); no API key needed' }),
  preview_url: Type.String({ description: 'A short sample video of the template (MP4); no API key needed' }),
  aspect_ratio: Type.Integer({ description: '0 portrait 9:16, 1 landscape 16:9, 2 square 1:1: a public template is listed at the ratio asked (0 by default), a custom one has its own' }),
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

/** Public template 1 as GET /v1/templates lists it (portrait). */
export const PUBLIC_TEMPLATE_EXAMPLE = {
  id: 1,
  name: 'Spotlight',
  cover_url: 'http://localhost:8080/v1/templates/1/cover.jpg?aspect_ratio=0',
  preview_url: 'http://localhost:8080/v1/templates/1/preview.mp4?aspect_ratio=0',
  aspect_ratio: 0,
  template_type: 'public',
  variables: [
    { type: 'script', name: 'script', required: false },
    { type: 'text', name: 'title', required: true },
    { type: 'text', name: 'brand', required: false },
    { type: 'text', name: 'price', required: false },
    { type: 'text', name: 'call_to_action', required: false },
    { type: 'image', name: 'image', required: false },
    { type: 'video', name: 'video', required: false },
  ],
};

/** The template POST /v1/templates/custom makes of SCENE_EXAMPLE: its files under /v1/templates/custom/<id>/<token>/. */
const customBase = `http://localhost:8080/v1/templates/custom/${EXAMPLE_IDS.customTemplate}/${EXAMPLE_IDS.customTemplateToken}`;
export const CUSTOM_TEMPLATE_EXAMPLE = {
  id: EXAMPLE_IDS.customTemplate,
  name: 'Spring Sale',
  cover_url: `${customBase}/cover.jpg`,
  preview_url: `${customBase}/preview.mp4`,
  aspect_ratio: 2,
  template_type: 'custom',
  variables: [
    { type: 'script', name: 'script', required: true },
    { type: 'text', name: 'title', required: true },
    { type: 'text', name: 'button', required: false },
    { type: 'image', name: 'photo', required: true },
  ],
};
