import { rougeTokenize } from './rouge-tokenize.js';

/** ROUGE-1 precision, recall and F-measure. */
export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

function counts(tokens: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const token of tokens) map.set(token, (map.get(token) ?? 0) + 1);
  return map;
}

/**
 * ROUGE-1 of a prediction against a target, as `rouge_score`'s `RougeScorer(['rouge1'],
 * use_stemmer=True).score(target, prediction)`: clipped unigram overlap over the prediction's
 * token count (precision) and the target's (recall), each count at least 1, and their harmonic
 * mean (0 when both are 0).
 *
 * @example
 * ```ts
 * rouge1('The cat sat on the mat.', 'The cats sat.').fmeasure; // 0.6667 (3 of 3 predicted, 3 of 6 target)
 * ```
 */
export function rouge1(target: string, prediction: string): RougeScore {
  const targetCounts = counts(rougeTokenize(target));
  const predictionCounts = counts(rougeTokenize(prediction));
  let overlap = 0;
  for (const [token, count] of targetCounts) overlap += Math.min(count, predictionCounts.get(token) ?? 0);
  const total = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
  const precision = overlap / Math.max(total(predictionCounts), 1);
  const recall = overlap / Math.max(total(targetCounts), 1);
  const fmeasure = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, fmeasure };
}
