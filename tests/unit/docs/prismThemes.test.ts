import type { PrismTheme } from 'prism-react-renderer';
import { AA_NORMAL_TEXT, contrastRatio, rgbToHex } from '@site/src/lib/contrast';
import { darkCodeTheme, lightCodeTheme } from '@site/src/lib/prismThemes';

/** '#abc', '#aabbcc' or 'rgb(1, 2, 3)' -> '#rrggbb'. */
function hex(color: string): string {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(color);
  return rgb ? rgbToHex([Number(rgb[1]), Number(rgb[2]), Number(rgb[3])]) : color;
}

function tokens(theme: PrismTheme): Array<[string, string]> {
  return [
    ['plain', theme.plain.color!],
    ...theme.styles.filter((s) => s.style.color).map((s): [string, string] => [s.types.join(','), s.style.color!]),
  ];
}

describe.each([
  ['light', lightCodeTheme],
  ['dark', darkCodeTheme],
])('%s code theme', (_name, theme) => {
  const background = hex(theme.plain.backgroundColor!);

  it.each(tokens(theme))('%s (%s) reaches WCAG AA on the code background', (_types, color) => {
    expect(contrastRatio(hex(color), background)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
  });

  it('dims no token with opacity', () => {
    expect(theme.styles.filter((s) => s.style.opacity !== undefined)).toEqual([]);
  });
});
