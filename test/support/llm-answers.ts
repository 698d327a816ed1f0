/** A good 30 s answer of a loopback LLM: about 27 s by the rate table. */
export const GOOD_SCRIPT = {
  sentences: [
    { text: 'Tired of lukewarm coffee by nine?', kind: 'hook', point: null },
    { text: 'Meet ThermoFlask Pro 750.', kind: 'intro', point: null },
    { text: 'It keeps your drinks ice cold for a full day, even in a hot car.', kind: 'point', point: 0 },
    { text: 'The one-click lid locks tight, so nothing ever leaks into your bag again.', kind: 'point', point: 1 },
    { text: 'And it fits every cup holder.', kind: 'point', point: 2 },
    { text: 'All of this for just $49.90.', kind: 'price', point: null },
    { text: 'Tap the link and grab yours today!', kind: 'cta', point: null },
  ],
};
