/** Product avatars: a presenter holding a product (docs/avatars.md "Product avatars"). */
export { cutOutProduct, type ProductBackground, type ProductCutout } from './cutout.ts';
export { createHoldingPainter, holdFor, paintProductAvatar, type ProductPictureInput, type ProductPresenter } from './product-avatar.paint.ts';
export type { HeldProduct, HoldSpec } from '../paint/held.ts';
export { descriptionFromWords } from './words.ts';
