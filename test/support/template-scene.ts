/** A valid custom template scene (square, base Voice Over, a card for the photo), for tests. */
export const exampleScene = () => ({
  name: 'Spring Sale',
  aspect_ratio: 2,
  base_template_id: 4,
  colors: { background: '#102040', background2: '#1C3A6B', accent: '#FF5500', text: '#FFFFFF' },
  fonts: { display: 'Noto Serif Display', body: 'Noto Sans' },
  background: 'dots',
  layout: {
    media: { box: { x: 0.2, y: 0.25, w: 0.6, h: 0.45 }, frame: 'card', radius: 0.03 },
    text: { title: { box: { x: 0.05, y: 0.06, w: 0.9, h: 0.1 }, align: 'center' } },
  },
  variables: [
    { type: 'script', name: 'script' },
    { type: 'text', name: 'title', required: true },
    { type: 'text', name: 'tagline', slot: 'call_to_action' },
    { type: 'image', name: 'photo' },
  ],
});
