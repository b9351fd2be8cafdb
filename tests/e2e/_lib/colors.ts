import type { Locator } from 'playwright-core';
import { contrastRatio, rgbToHex } from '@site/src/lib/contrast';

export interface MeasuredColors {
  /** Text color as hex (alpha composited over the background). */
  text: string;
  /** Background as hex: the element's and its ancestors' fills composited, white at the root. */
  background: string;
  ratio: number;
}

/**
 * The text contrast a person sees on an element. axe reports translucent color-mix() fills as
 * "incomplete" instead of failing them, so tests that care measure it here.
 */
export async function measureColors(locator: Locator): Promise<MeasuredColors> {
  const layers = await locator.evaluate((el) => {
    // Chromium serialises colors as rgb()/rgba() or, for color-mix(), color(srgb r g b / a).
    const parse = (css: string): [number, number, number, number] => {
      const srgb = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.e-]+))?\)/.exec(css);
      if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
      const rgb = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(css);
      if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
      throw new Error(`Unparsed color ${css}`);
    };
    const fills: [number, number, number, number][] = [];
    for (let n: Element | null = el; n; n = n.parentElement) fills.push(parse(getComputedStyle(n).backgroundColor));
    return { text: parse(getComputedStyle(el).color), fills };
  });
  const over = (top: readonly number[], under: readonly number[]): [number, number, number] => {
    const a = top[3] ?? 1;
    return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)) as [number, number, number];
  };
  let bg: [number, number, number] = [255, 255, 255];
  for (const fill of [...layers.fills].reverse()) bg = over(fill, bg);
  const text = over(layers.text, bg);
  const background = rgbToHex(bg);
  const fg = rgbToHex(text);
  return { text: fg, background, ratio: contrastRatio(fg, background) };
}
