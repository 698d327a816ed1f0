import type { TrackPreset } from './synth.ts';

/**
 * The music library: eight moods and tempos, written as note patterns and rendered by synth.ts.
 * Ids are stable (they are stored in videos). Changing a preset changes its audio, and the
 * library notices through the preset hash and renders the file again.
 */
export const TRACK_PRESETS: readonly TrackPreset[] = [
  {
    id: 1, slug: 'upbeat-pop', name: 'Upbeat Pop', mood: 'upbeat', bpm: 120, key: 60, scale: 'major', progression: [0, 4, 5, 3], swing: 0,
    drums: { kick: 'x...x...x...x...', snare: '....x.......x...', hat: 'x.x.x.x.x.x.x.x.', openHat: '..............x.', clap: '....x.......x...', level: 0.9 },
    bass: { pattern: 'r..r..r.r..r..o.', wave: 'saw', level: 0.5, cutoffHz: 700 },
    pad: { wave: 'saw', level: 0.45, octave: 4, attackS: 0.05, cutoffHz: 2500 },
    arp: { pattern: '0.1.2.3.0.1.2.3.', wave: 'square', level: 0.18, octave: 5, decayS: 0.18 },
    strum: null, shaker: 0, crackle: 0,
  },
  {
    id: 2, slug: 'calm-ambient', name: 'Calm Ambient', mood: 'calm', bpm: 70, key: 62, scale: 'major', progression: [0, 5, 3, 4], swing: 0,
    drums: null,
    bass: { pattern: 'r...............', wave: 'sine', level: 0.45, cutoffHz: 400 },
    pad: { wave: 'triangle', level: 0.8, octave: 4, attackS: 1.2, cutoffHz: 1500 },
    arp: { pattern: '0...2...1...3...', wave: 'sine', level: 0.22, octave: 6, decayS: 0.9 },
    strum: null, shaker: 0.05, crackle: 0,
  },
  {
    id: 3, slug: 'corporate-inspire', name: 'Corporate Inspire', mood: 'inspiring', bpm: 100, key: 55, scale: 'major', progression: [0, 4, 5, 3], swing: 0,
    drums: { kick: 'x.......x.......', snare: '....x.......x...', hat: '..x...x...x...x.', level: 0.75 },
    bass: { pattern: 'r.r.r.r.r.r.r.r.', wave: 'triangle', level: 0.55, cutoffHz: 600 },
    pad: { wave: 'epiano', level: 0.5, octave: 4, attackS: 0.02, cutoffHz: 3000 },
    arp: { pattern: '0.2.1.3.0.2.1.3.', wave: 'triangle', level: 0.25, octave: 5, decayS: 0.3 },
    strum: null, shaker: 0.1, crackle: 0,
  },
  {
    id: 4, slug: 'cinematic-rise', name: 'Cinematic Rise', mood: 'epic', bpm: 90, key: 57, scale: 'minor', progression: [0, 5, 2, 6], swing: 0,
    drums: { kick: 'x.........x.....', snare: '........x.......', hat: '................', level: 1 },
    bass: { pattern: 'r.......r.......', wave: 'saw', level: 0.5, cutoffHz: 300 },
    pad: { wave: 'saw', level: 0.7, octave: 4, attackS: 0.6, cutoffHz: 1800 },
    arp: { pattern: '0..1..2..3..2..1', wave: 'epiano', level: 0.25, octave: 5, decayS: 0.5 },
    strum: null, shaker: 0.05, crackle: 0,
  },
  {
    id: 5, slug: 'playful-bounce', name: 'Playful Bounce', mood: 'playful', bpm: 130, key: 65, scale: 'major', progression: [0, 3, 4, 0], swing: 0.1,
    drums: { kick: 'x..x..x.x..x..x.', snare: '....x.......x...', hat: 'x.xxx.xxx.xxx.xx', clap: '....x.......x..x', level: 0.8 },
    // Marimba-like: a light bouncing bass and bright short plucks, no pad.
    bass: { pattern: 'r.o.r.o.r.o.f.o.', wave: 'sine', level: 0.45, cutoffHz: 800 },
    pad: null,
    arp: { pattern: '0.1.2.3.2.1.0.1.', wave: 'epiano', level: 0.45, octave: 6, decayS: 0.16 },
    strum: null, shaker: 0, crackle: 0,
  },
  {
    id: 6, slug: 'lofi-chill', name: 'Lo-fi Chill', mood: 'relaxed', bpm: 85, key: 63, scale: 'major', progression: [1, 4, 0, 5], swing: 0.25,
    drums: { kick: 'x......x..x.....', snare: '....x.......x...', hat: 'x.x.x.x.x.x.x.x.', level: 0.8 },
    bass: { pattern: 'r......r..r.....', wave: 'triangle', level: 0.6, cutoffHz: 500 },
    pad: { wave: 'epiano', level: 0.6, octave: 4, attackS: 0.02, cutoffHz: 1400 },
    arp: null,
    strum: null, shaker: 0, crackle: 0.06,
  },
  {
    id: 7, slug: 'electronic-drive', name: 'Electronic Drive', mood: 'energetic', bpm: 125, key: 52, scale: 'minor', progression: [0, 5, 2, 6], swing: 0,
    drums: { kick: 'x...x...x...x...', snare: '................', hat: 'xxxxxxxxxxxxxxxx', openHat: '..x...x...x...x.', clap: '....x.......x...', level: 0.85 },
    bass: { pattern: '..r...r...r...r.', wave: 'saw', level: 0.5, cutoffHz: 900 },
    pad: { wave: 'saw', level: 0.35, octave: 4, attackS: 0.1, cutoffHz: 3500 },
    arp: { pattern: '0123012301230123', wave: 'saw', level: 0.15, octave: 5, decayS: 0.12 },
    strum: null, shaker: 0, crackle: 0,
  },
  {
    id: 8, slug: 'acoustic-warmth', name: 'Acoustic Warmth', mood: 'warm', bpm: 95, key: 55, scale: 'major', progression: [0, 4, 5, 3], swing: 0.08,
    drums: { kick: 'x.......x.......', snare: '....x.......x...', hat: '................', level: 0.6 },
    bass: { pattern: 'r.....r.r.......', wave: 'triangle', level: 0.5, cutoffHz: 500 },
    pad: null,
    arp: null,
    strum: { pattern: 'd..d..d.d.u.d.u.', level: 0.7 }, shaker: 0.12, crackle: 0,
  },
];
