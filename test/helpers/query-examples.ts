/**
 * Queries agents pass as they were asked (issue 24), each with the plain words
 * it must be searched as: an unclosed quote, a lone dash, and `C++ … & … (…) --
 * AND OR NOT` are text, not syntax.
 */
export const QUERY_EXAMPLES: readonly (readonly [query: string, words: string])[] = [
  ['what did we decide about "release windows?', "what did we decide about release windows"],
  // The possessive or contracted 's is dropped; a time stays one word of side-by-side parts.
  ["what's the deploy rule for fridays - is it 15:00?", "what the deploy rule for fridays is it 15:00"],
  ["C++ templates & node.js (v22) -- AND OR NOT", "C templates node js v22 AND OR NOT"],
];
