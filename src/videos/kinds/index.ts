import { KIND_NAMES, type KindName, type VideoKind } from './kind.ts';
import { previewKind } from './preview.kind.ts';
import { avatarKind } from './avatar.kind.ts';
import { productKind } from './product.kind.ts';
import { templateKind } from './template.kind.ts';
import { translateKind } from './translate.kind.ts';
import { lipSyncKind } from './lip-sync.kind.ts';

export { creditsFor, eventKindsFor, KIND_NAMES, SECONDS_PER_CREDIT, type KindName, type VideoKind } from './kind.ts';

/** Every kind this server makes, by name (videos.kind). A new kind is one module and one line here. */
const KINDS: Partial<Record<KindName, VideoKind>> = {
  product: productKind,
  preview: previewKind,
  avatar: avatarKind,
  template: templateKind,
  translate: translateKind,
  lip_sync: lipSyncKind,
};

export function isKindName(name: string): name is KindName {
  return (KIND_NAMES as readonly string[]).includes(name);
}

/** The kind of a stored video; throws for a kind this build does not know (a newer row). */
export function videoKind(name: string): VideoKind {
  const kind = isKindName(name) ? KINDS[name] : undefined;
  if (!kind) throw new Error(`unknown video kind "${name}"`);
  return kind;
}
