/**
 * Word handling shared by the index and the queries, so both sides agree on what a word is.
 */

/** Words that carry no meaning in a developer's question ("how do I verify a webhook"). */
export const STOP_WORDS = new Set(
  ('a an and are as at be by can do does for from get how i in into is it its me my of on or our ' +
    'should so that the their then there this to use using want was we what when where which ' +
    'who why will with you your').split(' '),
);

const WORD = /[\p{L}\p{N}]+/gu;

export function words(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

/**
 * A light English stemmer: plurals and -ing/-ed endings, so "signatures" meets "signature" and
 * "verifying" meets "verify". Prefix matching covers the rest ("complet" finds "completed").
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  if (word.endsWith('ing') && word.length > 5) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 4) return word.slice(0, -2);
  return word;
}
