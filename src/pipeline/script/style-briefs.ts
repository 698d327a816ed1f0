import type { ScriptStyle } from '../../catalog/languages.ts';

/** What each script_style means, told to the LLM (the built-in writer encodes the same in its structure). */
export const STYLE_BRIEFS: Readonly<Record<ScriptStyle, string>> = {
  "Don't Worry": 'Reassuring: name a worry, then calm it; the product takes care of it. Warm, confident.',
  Discovery: 'First-person excitement about a find: "I just found...". Curious and fresh.',
  Data: 'Lead with numbers and facts from the product information (never invent figures). Crisp.',
  'Top 3 reasons': 'Announce three reasons, then count them: "Reason one... Reason two... Reason three...".',
  'Soft Selling': 'Gentle, no pressure: a friendly tip, a soft invitation at the end instead of a hard sell.',
  'Humor & Meme': 'Light-hearted, with one short harmless joke or meme-style line; still say what the product does.',
  'Feature Explainer': 'Walk through the features one by one ("First... Next..."), clear and practical.',
  'Soft Storytelling with Twist': 'A tiny story (a small everyday problem) with a twist: the product turns out to be the answer.',
  'Expert Advice': 'Speak as an expert giving advice: "As an expert, I recommend...". Credible and calm.',
  'Unboxing & Review': 'Narrate opening the box and first impressions, then a short verdict.',
  Challenge: 'Pose a challenge to the viewer (e.g. try it for seven days) and dare them to accept.',
  'Problem/Solution': 'Start by stating a problem the viewer has; then present the product as the solution.',
  Comparison: 'Compare with ordinary alternatives (no competitor names) and show where this product is better.',
  'Creative/Innovative': 'Surprising, inventive angle: what if things worked differently? Show what is new about it.',
  'Emotional Appeal': 'Speak to feelings: care, joy, belonging; how the product makes life feel better.',
  'Immersive Storytelling': 'Second person, present tense, sensory: "Imagine..." the viewer using the product.',
};
