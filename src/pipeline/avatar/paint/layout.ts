/**
 * The presenter's skeleton in design units. Every painter draws in a 600 × 1000 box (head and
 * torso down to the waist), scaled to fit its pixel size and anchored bottom-centre. Face parts
 * are in head-local units: origin at the centre of the face, +y down.
 */
export const DESIGN_W = 600;
export const DESIGN_H = 1000;
export const CENTER_X = 300;

/** Centre of the face in the design box. */
export const HEAD_Y = 334;
/** Head-local units are this many design units: flat presenters have big friendly heads. */
export const HEAD_SCALE = 1.16;
export const FACE_W = 90;
export const FACE_H = 114;

export const EYE_Y = 10;
export const EYE_DX = 36;
export const EYE_RX = 16;
export const BROW_Y = -20;
export const NOSE_Y = 40;
export const MOUTH_Y = 68;
export const MOUTH_W = 25;

/** The head turns and nods about the top of the neck. */
export const PIVOT_Y = FACE_H + 20;

export const NECK_TOP = HEAD_Y + 40;
export const CHIN_Y = HEAD_Y + FACE_H * HEAD_SCALE;
export const SHOULDER_Y = 520;

/** Extra rows below the box in the body layer, so breathing can lift it without a gap. */
export const BREATH_LIFT = 6;

export const MOUTH_INTERIOR = '#3A0D16';
export const TEETH = '#FBFAF7';
export const TONGUE = '#D8626E';
export const EYE_WHITE = '#FFFFFF';
export const PUPIL = '#1A1113';
