/** ADK's pattern for the judge's verdict: `"is_the_agent_response_valid": valid`, quoted, bracketed or not. */
const VALID = /"is_the_agent_response_valid":\s*\[*[\n\s]*"*([^"^\]^\s]*)"*[\n\s]*\]*\s*[,\n}]/;
const INVALID = /"is_the_agent_response_invalid":\s*\[*[\n\s]*"*([^"^\]^\s]*)"*[\n\s]*\]*\s*[,\n}]/;

/**
 * The judge's verdict as ADK's `final_response_match_v2` reads it: 1 for `valid`, 0 for `invalid`,
 * `undefined` for anything else (no verdict).
 *
 * @example
 * ```ts
 * validityScoreOf('{"is_the_agent_response_valid": "valid", "reasoning": "same city"}'); // 1
 * validityScoreOf('I think it is fine.');                                               // undefined
 * ```
 */
export function validityScoreOf(text: string): number | undefined {
  const trimmed = text.trim();
  const label = (VALID.exec(trimmed) ?? INVALID.exec(trimmed))?.[1];
  if (label === 'valid') return 1;
  if (label === 'invalid') return 0;
  return undefined;
}

/**
 * ADK's majority vote over a judge's samples: the samples without a verdict are left out; valid
 * wins only with more valid than invalid samples (a tie is invalid); no verdict at all gives `undefined`.
 *
 * @example
 * ```ts
 * majorityVote([1, 0, 1]);          // 1
 * majorityVote([1, 0]);             // 0 (a tie is invalid)
 * majorityVote([undefined]);        // undefined
 * ```
 */
export function majorityVote(samples: ReadonlyArray<number | undefined>): number | undefined {
  const verdicts = samples.filter((s): s is number => s !== undefined);
  if (verdicts.length === 0) return undefined;
  const valid = verdicts.filter((s) => s === 1).length;
  return valid > verdicts.length - valid ? 1 : 0;
}
