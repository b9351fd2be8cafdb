/** The theme's CodeBlock chunk (Prism, its grammars, the code block parts), fetched once. */
type ThemeCodeBlockModule = typeof import('./_chunk');

let loaded: ThemeCodeBlockModule | undefined;
let loading: Promise<ThemeCodeBlockModule> | undefined;

export const loadThemeCodeBlock = (): Promise<ThemeCodeBlockModule> =>
  (loading ??= import('./_chunk').then((m) => (loaded = m)));

/** The module once it has arrived, for rendering without suspending. */
export const loadedThemeCodeBlock = (): ThemeCodeBlockModule | undefined => loaded;
