import { useEffect } from 'react';
import type { WhiteLabelFont } from '@site/src/data/whiteLabel';
// Self-hosted faces for the live preview, never a third-party font CDN. They are registered
// from JavaScript rather than imported as CSS because Docusaurus merges every stylesheet into
// one file for all pages: this way only this page's chunk knows about them, and the browser
// downloads a face only when the preview or the font picker draws text with it.
import interLatin400 from '@fontsource/inter/files/inter-latin-400-normal.woff2';
import interLatin700 from '@fontsource/inter/files/inter-latin-700-normal.woff2';
import interLatinExt400 from '@fontsource/inter/files/inter-latin-ext-400-normal.woff2';
import interLatinExt700 from '@fontsource/inter/files/inter-latin-ext-700-normal.woff2';
import robotoLatin400 from '@fontsource/roboto/files/roboto-latin-400-normal.woff2';
import robotoLatin700 from '@fontsource/roboto/files/roboto-latin-700-normal.woff2';
import robotoLatinExt400 from '@fontsource/roboto/files/roboto-latin-ext-400-normal.woff2';
import robotoLatinExt700 from '@fontsource/roboto/files/roboto-latin-ext-700-normal.woff2';
import openSansLatin400 from '@fontsource/open-sans/files/open-sans-latin-400-normal.woff2';
import openSansLatin700 from '@fontsource/open-sans/files/open-sans-latin-700-normal.woff2';
import openSansLatinExt400 from '@fontsource/open-sans/files/open-sans-latin-ext-400-normal.woff2';
import openSansLatinExt700 from '@fontsource/open-sans/files/open-sans-latin-ext-700-normal.woff2';
import latoLatin400 from '@fontsource/lato/files/lato-latin-400-normal.woff2';
import latoLatin700 from '@fontsource/lato/files/lato-latin-700-normal.woff2';
import latoLatinExt400 from '@fontsource/lato/files/lato-latin-ext-400-normal.woff2';
import latoLatinExt700 from '@fontsource/lato/files/lato-latin-ext-700-normal.woff2';
import montserratLatin400 from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2';
import montserratLatin700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2';
import montserratLatinExt400 from '@fontsource/montserrat/files/montserrat-latin-ext-400-normal.woff2';
import montserratLatinExt700 from '@fontsource/montserrat/files/montserrat-latin-ext-700-normal.woff2';
import poppinsLatin400 from '@fontsource/poppins/files/poppins-latin-400-normal.woff2';
import poppinsLatin700 from '@fontsource/poppins/files/poppins-latin-700-normal.woff2';
import poppinsLatinExt400 from '@fontsource/poppins/files/poppins-latin-ext-400-normal.woff2';
import poppinsLatinExt700 from '@fontsource/poppins/files/poppins-latin-ext-700-normal.woff2';

// Unicode ranges of the fontsource subsets (identical for all six families).
const LATIN = 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT = 'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';

const FACES: readonly (readonly [WhiteLabelFont, number, string, string])[] = [
  ['Inter', 400, LATIN, interLatin400],
  ['Inter', 700, LATIN, interLatin700],
  ['Inter', 400, LATIN_EXT, interLatinExt400],
  ['Inter', 700, LATIN_EXT, interLatinExt700],
  ['Roboto', 400, LATIN, robotoLatin400],
  ['Roboto', 700, LATIN, robotoLatin700],
  ['Roboto', 400, LATIN_EXT, robotoLatinExt400],
  ['Roboto', 700, LATIN_EXT, robotoLatinExt700],
  ['Open Sans', 400, LATIN, openSansLatin400],
  ['Open Sans', 700, LATIN, openSansLatin700],
  ['Open Sans', 400, LATIN_EXT, openSansLatinExt400],
  ['Open Sans', 700, LATIN_EXT, openSansLatinExt700],
  ['Lato', 400, LATIN, latoLatin400],
  ['Lato', 700, LATIN, latoLatin700],
  ['Lato', 400, LATIN_EXT, latoLatinExt400],
  ['Lato', 700, LATIN_EXT, latoLatinExt700],
  ['Montserrat', 400, LATIN, montserratLatin400],
  ['Montserrat', 700, LATIN, montserratLatin700],
  ['Montserrat', 400, LATIN_EXT, montserratLatinExt400],
  ['Montserrat', 700, LATIN_EXT, montserratLatinExt700],
  ['Poppins', 400, LATIN, poppinsLatin400],
  ['Poppins', 700, LATIN, poppinsLatin700],
  ['Poppins', 400, LATIN_EXT, poppinsLatinExt400],
  ['Poppins', 700, LATIN_EXT, poppinsLatinExt700],
];

let registered = false;

/** Adds the six families (regular and bold, Latin and Latin Extended) to document.fonts once. */
export function useSelfHostedFonts(): void {
  useEffect(() => {
    if (registered || typeof FontFace === 'undefined') return;
    registered = true;
    for (const [family, weight, unicodeRange, url] of FACES) {
      document.fonts.add(new FontFace(family, `url(${url}) format('woff2')`, { weight: String(weight), style: 'normal', display: 'swap', unicodeRange }));
    }
  }, []);
}
