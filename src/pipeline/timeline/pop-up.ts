/**
 * When a pop-up product shows (pure): templates whose media rule is `image-cues` (Presenter)
 * show the product for the sentences that name an image. A short run of sentences that name
 * none, between two that do, keeps it up: the script is still on the product, and a card
 * popping out and back within a few seconds reads as a glitch (bench #47: the speaker left for
 * the 2.3 s of "Simple, smart, and ready when you are." and came back).
 */

/** A run of sentences without an image shorter than this (about one spoken sentence), between two with one, keeps the product up. */
export const POP_BRIDGE_MS = 5000;

/** Whether each sentence shows the product. */
export function popUpShows(spans: readonly { startMs: number; endMs: number }[], named: readonly boolean[], imageCues: boolean): boolean[] {
  if (!imageCues) return spans.map(() => true);
  const shows = [...named];
  for (let i = 0; i < shows.length; ) {
    if (shows[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < shows.length && !shows[j]) j++;
    if (i > 0 && j < shows.length && spans[j - 1]!.endMs - spans[i]!.startMs < POP_BRIDGE_MS) shows.fill(true, i, j);
    i = j;
  }
  return shows;
}
