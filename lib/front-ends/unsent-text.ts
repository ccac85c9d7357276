/**
 * What a front-end has not been sent yet of a model text: all of `text` when nothing was streamed,
 * else the tail after the `streamed` prefix (nothing when the final text does not extend it).
 *
 * @example
 * ```ts
 * unsentText('Hi ', 'Hi Ada');     // 'Ada'
 * unsentText(undefined, 'Hi Ada'); // 'Hi Ada'
 * ```
 */
export function unsentText(streamed: string | undefined, text: string): string {
  if (streamed === undefined) return text;
  return text.startsWith(streamed) ? text.slice(streamed.length) : '';
}
