import { porterStem } from './porter-stemmer.js';

/**
 * Splits text into ROUGE tokens as Google's `rouge_score` tokenizer does with stemming on:
 * lowercase, each run of characters other than `[a-z0-9]` becomes a space, split on spaces,
 * Porter-stem ({@link porterStem}) the tokens longer than three characters, drop empty tokens.
 *
 * @example
 * ```ts
 * rougeTokenize('The cats, running!'); // ['the', 'cat', 'run']
 * ```
 */
export function rougeTokenize(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(/\s+/)
    .map((token) => (token.length > 3 ? porterStem(token) : token))
    .filter((token) => /^[a-z0-9]+$/.test(token));
}
