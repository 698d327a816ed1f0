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

