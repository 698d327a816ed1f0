import { SCRIPT_STYLES, type ScriptStyle } from './languages.ts';

/**
 * The six script styles of the v2 API and the writer's style each one is written in. Four are
 * writer styles of the same name; "Storytime" is told as Immersive Storytelling (a story from the
 * user's day, told through), "Light marketing" as Soft Selling (benefits without pressure).
 * The v1 names (SCRIPT_STYLES) are accepted by v2 routes unchanged.
 */
export const V2_SCRIPT_STYLES = ["Don't Worry", 'Storytime', 'Discovery', 'Data', 'Top 3 reasons', 'Light marketing'] as const;
export type V2ScriptStyle = (typeof V2_SCRIPT_STYLES)[number];

const WRITER_STYLE: Record<V2ScriptStyle, ScriptStyle> = {
  "Don't Worry": "Don't Worry",
  Storytime: 'Immersive Storytelling',
  Discovery: 'Discovery',
  Data: 'Data',
  'Top 3 reasons': 'Top 3 reasons',
  'Light marketing': 'Soft Selling',
};

/** Every style a v2 route accepts: the six v2 names, then the writer's other names. */
export const V2_ACCEPTED_SCRIPT_STYLES: readonly string[] = [...V2_SCRIPT_STYLES, ...SCRIPT_STYLES.filter((s) => !(V2_SCRIPT_STYLES as readonly string[]).includes(s))];

/** The writer's style for a v2 (or v1) style name; undefined for a name neither knows. */
export function writerStyleOf(style: string): ScriptStyle | undefined {
  if (style in WRITER_STYLE) return WRITER_STYLE[style as V2ScriptStyle];
  return (SCRIPT_STYLES as readonly string[]).includes(style) ? (style as ScriptStyle) : undefined;
}
