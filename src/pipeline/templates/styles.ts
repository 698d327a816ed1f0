/**
 * Visual styles, keyed by the names in catalog.data.ts VISUAL_STYLES: palette, fonts, text
 * treatment, caption highlight and background. Pure data. (Motion is the template's:
 * template-motion.ts.)
 */
import type { VisualStyleDef } from './types.ts';

export const STYLE_DEFS: readonly VisualStyleDef[] = [
  {
    name: 'Clean Minimal',
    palette: {
      bg: '#F4F3EF', bg2: '#E2E0DA', decor: 'rgba(0,0,0,0.05)', surface: '#FFFFFF', text: '#16161A',
      accent: '#16161A', onAccent: '#FFFFFF', captionText: '#FFFFFF', captionStroke: '#111111',
      highlight: '#FFD23F', onHighlight: '#111111',
    },
    fonts: { display: 'Noto Sans Display', body: 'Noto Sans', displayWeight: 700, bodyWeight: 700 },
    text: { uppercase: false, treatment: 'boxed', radius: 0.22 },
    caption: { highlight: 'color', band: false },
    background: 'gradient',
  },
  {
    name: 'Bold Pop',
    palette: {
      bg: '#FFE14D', bg2: '#FF6FA5', decor: 'rgba(255,255,255,0.35)', surface: '#111111', text: '#FFFFFF',
      accent: '#FF2E63', onAccent: '#FFFFFF', captionText: '#FFFFFF', captionStroke: '#000000',
      highlight: '#FFE600', onHighlight: '#000000',
    },
    fonts: { display: 'Noto Sans Display', body: 'Noto Sans', displayWeight: 700, bodyWeight: 700 },
    text: { uppercase: true, treatment: 'boxed', radius: 0.12 },
    caption: { highlight: 'pill', band: false },
    background: 'dots',
  },
  {
    name: 'Luxury Dark',
    palette: {
      bg: '#0C0B0A', bg2: '#2A2318', decor: 'rgba(201,162,75,0.18)', surface: 'rgba(12,11,10,0.78)', text: '#F4EBD6',
      accent: '#C9A24B', onAccent: '#16120A', captionText: '#F4EBD6', captionStroke: '#000000',
      highlight: '#E2BE6A', onHighlight: '#16120A',
    },
    fonts: { display: 'Noto Serif Display', body: 'Noto Serif', displayWeight: 400, bodyWeight: 700 },
    text: { uppercase: true, treatment: 'boxed', radius: 0.04 },
    caption: { highlight: 'color', band: true },
    background: 'radial',
  },
  {
    name: 'Warm Lifestyle',
    palette: {
      bg: '#F7E6D4', bg2: '#E4B892', decor: 'rgba(200,85,61,0.10)', surface: '#FFF8F0', text: '#3B2A20',
      accent: '#C8553D', onAccent: '#FFFFFF', captionText: '#FFFFFF', captionStroke: '#3B2A20',
      highlight: '#C8553D', onHighlight: '#FFFFFF',
    },
    fonts: { display: 'Noto Serif Display', body: 'Noto Sans', displayWeight: 700, bodyWeight: 700 },
    text: { uppercase: false, treatment: 'boxed', radius: 0.3 },
    caption: { highlight: 'pill', band: false },
    background: 'stripes',
  },
  {
    name: 'Tech Neon',
    palette: {
      bg: '#070B1A', bg2: '#1B1048', decor: 'rgba(0,229,255,0.12)', surface: 'rgba(7,11,26,0.82)', text: '#EAF6FF',
      accent: '#00E5FF', onAccent: '#04101A', captionText: '#FFFFFF', captionStroke: '#05060F',
      highlight: '#FF2BD6', onHighlight: '#FFFFFF',
    },
    fonts: { display: 'Noto Sans Display', body: 'Noto Sans', displayWeight: 700, bodyWeight: 700 },
    text: { uppercase: true, treatment: 'glow', radius: 0.18 },
    caption: { highlight: 'glow', band: false },
    background: 'grid',
  },
  {
    name: 'Soft Pastel',
    palette: {
      bg: '#FDE2E4', bg2: '#D9E4F5', decor: 'rgba(205,180,219,0.45)', surface: '#FFFFFF', text: '#4A4E69',
      accent: '#9A8CD8', onAccent: '#FFFFFF', captionText: '#FFFFFF', captionStroke: '#4A4E69',
      highlight: '#CDB4DB', onHighlight: '#2E2F45',
    },
    fonts: { display: 'Noto Sans Display', body: 'Noto Sans', displayWeight: 700, bodyWeight: 700 },
    text: { uppercase: false, treatment: 'boxed', radius: 0.5 },
    caption: { highlight: 'pill', band: false },
    background: 'blobs',
  },
];
