/**
 * WCAG 2.x contrast maths for the white-label color checks.
 * https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio
 */

/** WCAG AA minimum for normal-size text. */
export const AA_NORMAL_TEXT = 4.5;
/** WCAG AA minimum for large text (24px, or 18.66px bold) and UI components. */
export const AA_LARGE_TEXT = 3;

const HEX6 = /^#([0-9a-f]{6})$/i;
const HEX3 = /^#([0-9a-f]{3})$/i;

/** '#abc' -> '#aabbcc', '#AABBCC' -> '#aabbcc'; undefined when not a hex color. */
export function normaliseHex(input: string): string | undefined {
  const v = input.trim();
  const six = HEX6.exec(v);
  if (six) return `#${six[1]!.toLowerCase()}`;
  const three = HEX3.exec(v);
  if (three) return `#${[...three[1]!].map((c) => c + c).join('').toLowerCase()}`;
  return undefined;
}

export function hexToRgb(hex: string): [number, number, number] {
  const n = normaliseHex(hex);
  if (!n) throw new Error(`Not a hex color: ${hex}`);
  return [parseInt(n.slice(1, 3), 16), parseInt(n.slice(3, 5), 16), parseInt(n.slice(5, 7), 16)];
}

export function rgbToHex([r, g, b]: readonly [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast ratio between two colors, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

/** Rounded down to two decimals, so 4.499 never displays as a passing "4.5". */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

export type ContrastLevel = 'pass' | 'large-only' | 'fail';

export function contrastLevel(ratio: number): ContrastLevel {
  if (ratio >= AA_NORMAL_TEXT) return 'pass';
  if (ratio >= AA_LARGE_TEXT) return 'large-only';
  return 'fail';
}

/**
 * The closest shade of `color` (mixed towards black or white, whichever direction moves away
 * from `against`) that reaches `target` contrast; undefined if even black/white cannot.
 */
export function suggestShade(color: string, against: string, target = AA_NORMAL_TEXT): string | undefined {
  if (contrastRatio(color, against) >= target) return normaliseHex(color);
  const rgb = hexToRgb(color);
  const towards = relativeLuminance(against) > 0.18 ? 0 : 255;
  for (let step = 1; step <= 100; step++) {
    const t = step / 100;
    const mixed = rgbToHex([rgb[0] + (towards - rgb[0]) * t, rgb[1] + (towards - rgb[1]) * t, rgb[2] + (towards - rgb[2]) * t]);
    if (contrastRatio(mixed, against) >= target) return mixed;
  }
  return undefined;
}

/** White or a near-black ink, whichever reads better on `background`. */
export function readableInk(background: string, light = '#ffffff', dark = '#0f172a'): string {
  return contrastRatio(light, background) >= contrastRatio(dark, background) ? light : dark;
}

/**
 * The text color for a brand fill, given as one color or a gradient's stops: white when it
 * meets AA on every stop (the brand convention), else the site's near-black ink, else pure
 * black or white, whichever reads better (one of the two always reaches 4.58:1 on a single
 * color). The generated theme and the live preview both use this, so a client's own colors
 * never produce unreadable text (the rule Okta's branding applies to a custom primary color).
 */
export function textColorOn(fill: string | readonly string[], light = '#ffffff', dark = '#0f172a'): string {
  const stops = typeof fill === 'string' ? [fill] : fill;
  const worst = (ink: string) => Math.min(...stops.map((s) => contrastRatio(ink, s)));
  const candidates = [light, dark, '#000000'];
  const passing = candidates.find((ink) => worst(ink) >= AA_NORMAL_TEXT);
  return normaliseHex(passing ?? candidates.reduce((a, b) => (worst(b) > worst(a) ? b : a)))!;
}

/** `color` itself when it meets AA as text on every stop, else its nearest shade that does. */
export function readableTextShade(color: string, stops: readonly string[]): string {
  const worstStop = stops.reduce((a, b) => (contrastRatio(color, b) < contrastRatio(color, a) ? b : a), stops[0] ?? '#000000');
  const shade = suggestShade(color, worstStop) ?? textColorOn(stops);
  return stops.every((s) => contrastRatio(shade, s) >= AA_NORMAL_TEXT) ? shade : textColorOn(stops);
}
