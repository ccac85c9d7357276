import type { Content } from '@google/genai';
import type { Invocation } from './eval-set.js';
import { rouge1 } from './rouge1.js';

/**
 * The text of a content as ADK's evaluators read it: its text parts joined by newlines.
 *
 * @example
 * ```ts
 * textOf({ role: 'model', parts: [{ text: 'a' }, { text: 'b' }] }); // 'a\nb'
 * ```
 */
export function textOf(content: Content | undefined): string {
  return (content?.parts ?? []).flatMap((part) => (part.text ? [part.text] : [])).join('\n');
}

/**
 * `response_match_score` over a conversation: the mean ROUGE-1 F-measure ({@link rouge1}) of each
 * actual final response against the expected one (undefined when there are no invocations).
 *
 * @example
 * ```ts
 * responseMatchScore([actual], [expected]); // 0.9091 for 'It is sunny in Paris' vs 'It is sunny in Paris today'
 * ```
 */
export function responseMatchScore(actual: readonly Invocation[], expected: readonly Invocation[]): number | undefined {
  const n = Math.min(actual.length, expected.length);
  if (n === 0) return undefined;
  let total = 0;
  for (let i = 0; i < n; i++) total += rouge1(textOf(expected[i]!.finalResponse), textOf(actual[i]!.finalResponse)).fmeasure;
  return total / n;
}
