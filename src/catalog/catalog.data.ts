/**
 * Public catalog records. Presenters, templates and visual styles are data that the renderer
 * draws from; every id here is accepted by create_video_from_url, and nothing else is.
 * Voices and music tracks are produced by the narration stage and listed once it exists.
 */
export interface AvatarRecord {
  avatar_id: number;
  name: string;
  gender: 'female' | 'male';
  age: 'young' | 'adult' | 'senior';
  style: 'casual' | 'business' | 'sporty' | 'creative' | 'elegant';
  scene: 'studio' | 'home' | 'office' | 'outdoor' | 'store';
  ethnicity: 'african' | 'east_asian' | 'south_asian' | 'european' | 'latino' | 'middle_eastern';
}

export const PUBLIC_AVATARS: readonly AvatarRecord[] = [
  { avatar_id: 1, name: 'Maya', gender: 'female', age: 'young', style: 'casual', scene: 'studio', ethnicity: 'south_asian' },
  { avatar_id: 2, name: 'Daniel', gender: 'male', age: 'adult', style: 'business', scene: 'office', ethnicity: 'european' },
  { avatar_id: 3, name: 'Amara', gender: 'female', age: 'adult', style: 'elegant', scene: 'studio', ethnicity: 'african' },
  { avatar_id: 4, name: 'Kenji', gender: 'male', age: 'young', style: 'creative', scene: 'home', ethnicity: 'east_asian' },
  { avatar_id: 5, name: 'Lucia', gender: 'female', age: 'adult', style: 'business', scene: 'office', ethnicity: 'latino' },
  { avatar_id: 6, name: 'Omar', gender: 'male', age: 'adult', style: 'casual', scene: 'store', ethnicity: 'middle_eastern' },
  { avatar_id: 7, name: 'Grace', gender: 'female', age: 'senior', style: 'elegant', scene: 'home', ethnicity: 'european' },
  { avatar_id: 8, name: 'Samuel', gender: 'male', age: 'senior', style: 'business', scene: 'studio', ethnicity: 'african' },
  { avatar_id: 9, name: 'Mei', gender: 'female', age: 'young', style: 'sporty', scene: 'outdoor', ethnicity: 'east_asian' },
  { avatar_id: 10, name: 'Diego', gender: 'male', age: 'young', style: 'sporty', scene: 'outdoor', ethnicity: 'latino' },
  { avatar_id: 11, name: 'Priya', gender: 'female', age: 'adult', style: 'creative', scene: 'store', ethnicity: 'south_asian' },
  { avatar_id: 12, name: 'Elias', gender: 'male', age: 'adult', style: 'elegant', scene: 'home', ethnicity: 'european' },
];

/**
 * A slot a template video fills from create_video_with_template's `variables[]` (matched by
 * name): `script` is the narration, `text` goes on screen (the slot named by `slot`, or by the
 * variable's own name), `image` and `video` are the media, shown in their order.
 */
export interface TemplateVariable {
  type: 'text' | 'image' | 'video' | 'script';
  name: string;
  /** A request without it is refused (40000 naming it). */
  required: boolean;
  /** Text variables: the on-screen slot they fill (title, brand, price, call_to_action). */
  slot?: TextVariableSlot;
}

export const TEXT_VARIABLE_SLOTS = ['title', 'brand', 'price', 'call_to_action'] as const;
export type TextVariableSlot = (typeof TEXT_VARIABLE_SLOTS)[number];

export interface TemplateRecord {
  id: number;
  name: string;
  /** Scene layout the renderer follows. */
  layout: 'presenter_inset' | 'split_screen' | 'product_cards' | 'product_only' | 'presenter_full' | 'carousel';
  variables: readonly TemplateVariable[];
}

const v = (type: TemplateVariable['type'], name: string, required = false): TemplateVariable => ({ type, name, required });
/** Every public template: the narration, the headline, optional brand/price/button texts. */
const TEXTS: readonly TemplateVariable[] = [v('script', 'script'), v('text', 'title', true), v('text', 'brand'), v('text', 'price'), v('text', 'call_to_action')];
/** One picture or clip; the carousel takes three pictures. */
const ONE_MEDIA = [...TEXTS, v('image', 'image'), v('video', 'video')];
const THREE_IMAGES = [...TEXTS, v('image', 'image_1'), v('image', 'image_2'), v('image', 'image_3')];

export const PUBLIC_TEMPLATES: readonly TemplateRecord[] = [
  { id: 1, name: 'Spotlight', layout: 'presenter_inset', variables: ONE_MEDIA },
  { id: 2, name: 'Side by Side', layout: 'split_screen', variables: ONE_MEDIA },
  { id: 3, name: 'Feature Cards', layout: 'product_cards', variables: ONE_MEDIA },
  { id: 4, name: 'Voice Over', layout: 'product_only', variables: ONE_MEDIA },
  { id: 5, name: 'Presenter', layout: 'presenter_full', variables: ONE_MEDIA },
  { id: 6, name: 'Carousel', layout: 'carousel', variables: THREE_IMAGES },
];

export interface VisualStyleRecord {
  id: number;
  name: string;
}

export const VISUAL_STYLES: readonly VisualStyleRecord[] = [
  { id: 1, name: 'Clean Minimal' },
  { id: 2, name: 'Bold Pop' },
  { id: 3, name: 'Luxury Dark' },
  { id: 4, name: 'Warm Lifestyle' },
  { id: 5, name: 'Tech Neon' },
  { id: 6, name: 'Soft Pastel' },
];

export const ASPECT_RATIOS = [0, 1, 2] as const;
