import { lazyModule } from '@site/src/lib/lazyModule';

/** The theme's CodeBlock chunk (Prism, its grammars, the code block parts), fetched once. */
const themeCodeBlock = lazyModule(() => import('./_chunk'));

export const loadThemeCodeBlock = themeCodeBlock.load;

/** The module once it has arrived, for rendering without suspending. */
export const loadedThemeCodeBlock = themeCodeBlock.loaded;
