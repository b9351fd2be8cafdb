/**
 * What every copy button on the site says once it has copied (spec section 2: code blocks show
 * Copied! for 2 seconds). How long it says so is TIMINGS.copyConfirmationMs; src/lib/useCopy.ts
 * keeps the two together for every button.
 */
export const COPIED_LABEL = 'Copied!';
