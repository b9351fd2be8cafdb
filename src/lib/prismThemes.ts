import { themes, type PrismTheme } from 'prism-react-renderer';

/**
 * Code-block colors: prism-react-renderer's GitHub (light) and Dracula (dark) themes with
 * the few token colors that miss WCAG AA (4.5:1 on the block background) darkened or
 * lightened along their own hue, so the palette still reads as GitHub / Dracula.
 * tests/unit/docs/prismThemes.test.ts checks every token of both themes; if you change a
 * color or switch theme, that test tells you whether it still passes.
 */

/** Original color -> accessible replacement (same hue), per theme. */
const LIGHT_REPLACEMENTS: Record<string, string> = {
  '#999988': '#6e6e62', // comment: 2.71 -> 4.85 on #f6f8fa
  '#e3116c': '#d51066', // string: 4.32 -> 4.82
  '#36acaa': '#267877', // number, property, boolean: 2.58 -> 4.89
  '#00a4db': '#00769e', // atrule, attr-name: 2.69 -> 4.83
  '#d73a49': '#c83644', // function, tag: 4.30 -> 4.85
};

const DARK_REPLACEMENTS: Record<string, string> = {
  'rgb(98, 114, 164)': '#8995bb', // comment: 3.03 -> 4.80 on #282a36
};

function withColors(theme: PrismTheme, replacements: Record<string, string>): PrismTheme {
  const swap = (color: string | undefined) => (color === undefined ? color : (replacements[color.toLowerCase()] ?? replacements[color] ?? color));
  return {
    plain: { ...theme.plain, color: swap(theme.plain.color) },
    styles: theme.styles.map((s) => {
      const style = { ...s.style, color: swap(s.style.color) };
      // GitHub dims namespaces with opacity, which takes them below 4.5:1 whatever the color.
      if (style.opacity !== undefined) delete style.opacity;
      return { ...s, style };
    }),
  };
}

export const lightCodeTheme: PrismTheme = withColors(themes.github, LIGHT_REPLACEMENTS);
export const darkCodeTheme: PrismTheme = withColors(themes.dracula, DARK_REPLACEMENTS);
