import { AA_NORMAL_TEXT, contrastRatio, textColorOn } from '@site/src/lib/contrast';
import { backgroundStops, brandInks, colorPairs, generateCustomCSS } from '@site/src/lib/whiteLabel';
import { BACKGROUND_THEMES, COLOR_PRESETS, WHITE_LABEL_DEFAULTS } from '@site/src/data/whiteLabel';
import type { WhiteLabelConfig } from '@site/src/schemas/whiteLabel';

const config = (over: Partial<WhiteLabelConfig> = {}): WhiteLabelConfig => ({ ...WHITE_LABEL_DEFAULTS, ...over });

// A spread of brand colors: the spec's defaults, the presets, and awkward mid-tones.
const COLOURS = ['#8080ff', '#6c6cff', '#00ccff', '#ffcc00', '#777777', '#ff0000', '#00ff00', '#1d4ed8', '#000000', '#ffffff', ...COLOR_PRESETS.flatMap((p) => [p.primary, p.secondary, p.accent])];

describe('theme text colors (WCAG AA on the client brand)', () => {
  it('keeps white on a color where white passes, and switches to dark ink where it does not', () => {
    expect(textColorOn('#1d4ed8')).toBe('#ffffff');
    expect(textColorOn('#8080ff')).toBe('#0f172a');
    expect(contrastRatio(textColorOn('#8080ff'), '#8080ff')).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });

  it.each(COLOURS)('gives AA text on primary, secondary and the gradient for %s', (color) => {
    const c = config({ primaryColor: color, secondaryColor: WHITE_LABEL_DEFAULTS.secondaryColor });
    const ink = brandInks(c);
    expect(contrastRatio(ink.onPrimary, color)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    expect(contrastRatio(ink.onSecondary, c.secondaryColor)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    for (const pair of colorPairs(c).slice(0, 2)) expect(pair.ratio).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });

  it.each(BACKGROUND_THEMES.map((t) => t.value))('gives AA accent text on every stop of %s, for any accent', (bg) => {
    for (const accent of COLOURS) {
      const ink = brandInks(config({ accentColor: accent, backgroundGradient: bg }));
      for (const stop of backgroundStops(bg)) expect([accent, stop, contrastRatio(ink.accentText, stop) >= AA_NORMAL_TEXT]).toEqual([accent, stop, true]);
    }
  });

  it('writes the chosen colors into the generated custom CSS, which no longer forces white', () => {
    const c = config();
    const css = generateCustomCSS(c);
    const ink = brandInks(c);
    expect(css).toContain(`--wl-on-primary: ${ink.onPrimary};`);
    expect(css).toContain(`--wl-on-secondary: ${ink.onSecondary};`);
    expect(css).toContain(`--wl-on-gradient: ${ink.onGradient};`);
    expect(css).toContain(`--wl-accent-text: ${ink.accentText};`);
    expect(css).toContain('.wl-btn-primary { background-color: var(--wl-primary); color: var(--wl-on-primary); }');
    expect(ink.onPrimary).toBe('#0f172a');
  });
});
