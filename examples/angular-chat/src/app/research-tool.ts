import { FunctionTool, type ToolContext } from 'rxadk';
import { map, timer } from 'rxjs';

/** How long the pretend research takes: long enough to press Cancel. */
export const RESEARCH_MS = 10_000;

/**
 * A slow tool: it "researches" a topic for {@link RESEARCH_MS} ms. It listens to
 * `ctx.abortSignal` and reports through `onAbort` when the turn is cancelled (the Cancel button
 * unsubscribes the turn, the Runner aborts the invocation, and the tool's signal fires).
 *
 * @example
 * ```ts
 * const research = createResearchTool((topic) => console.log(`research on ${topic} aborted`));
 * ```
 */
export function createResearchTool(onAbort: (topic: string) => void): FunctionTool<{ topic: string }> {
  return new FunctionTool<{ topic: string }>({
    name: 'research',
    description: 'Researches a topic (slowly) and returns a summary.',
    parameters: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
    execute: ({ topic }, ctx: ToolContext) => {
      ctx.abortSignal.addEventListener('abort', () => onAbort(topic), { once: true });
      return timer(RESEARCH_MS).pipe(map(() => ({ topic, summary: `${topic} are fascinating; the sources agree on that.` })));
    },
  });
}
