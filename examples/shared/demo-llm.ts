import type { Content, FunctionCall } from '@google/genai';
import { concatMap, delay, from, type Observable, of } from 'rxjs';
import { BaseLlm, type LlmRequest, type LlmResponse } from '../../lib/index.js';

/** What the demo model does with the latest user text: call a tool, or answer. */
export interface DemoRule {
  /** When the user's text matches... */
  when: RegExp;
  /** ...call this tool with these arguments (from the match), or answer this text. */
  call?: (match: RegExpMatchArray) => FunctionCall;
  answer?: (match: RegExpMatchArray) => string;
}

/**
 * An offline stand-in for a real model in the demo apps: it never runs out. It follows simple
 * rules on the latest user message, answers from the latest tool result, and streams its text
 * word by word (a few ms apart) when streaming is on — so `rxadk web` and `rxadk run` show
 * real streaming, tool calls and confirmations with no account and no network.
 *
 * @example
 * ```ts
 * new DemoLlm([{ when: /weather in (\w+)/i, call: (m) => ({ name: 'get_weather', args: { city: m[1] } }) }],
 *             (result) => `It is ${result['weather']} in ${result['city']}.`);
 * ```
 */
export class DemoLlm extends BaseLlm {
  constructor(
    private readonly rules: readonly DemoRule[],
    private readonly summarise: (toolName: string, result: Record<string, unknown>) => string,
    private readonly fallback = 'I am a demo model running offline. Set GEMINI_API_KEY, OPENAI_API_KEY, ANTHROPIC_API_KEY or OLLAMA_HOST to talk to a real model.',
  ) {
    super({ model: 'demo-offline' });
  }

  generateContent(request: LlmRequest, stream = false): Observable<LlmResponse> {
    const last = request.contents.at(-1);
    const response = last ? this.respond(last) : text(this.fallback);
    const words = response.content?.parts?.[0]?.text?.split(/(?<= )/) ?? [];
    if (!stream || words.length < 2) return of(response);
    const chunks = words.map((word): LlmResponse => ({ content: { role: 'model', parts: [{ text: word }] }, partial: true }));
    return from([...chunks, { ...response, turnComplete: true }]).pipe(concatMap((r) => of(r).pipe(delay(r.partial ? 30 : 0))));
  }

  private respond(last: Content): LlmResponse {
    const toolResult = last.parts?.find((p) => p.functionResponse)?.functionResponse;
    if (toolResult) return text(this.summarise(toolResult.name ?? '', (toolResult.response ?? {}) as Record<string, unknown>));
    const said = last.parts?.map((p) => p.text ?? '').join(' ') ?? '';
    for (const rule of this.rules) {
      const match = said.match(rule.when);
      if (!match) continue;
      if (rule.call) return { content: { role: 'model', parts: [{ functionCall: rule.call(match) }] } };
      if (rule.answer) return text(rule.answer(match));
    }
    return text(this.fallback);
  }
}

function text(value: string): LlmResponse {
  return { content: { role: 'model', parts: [{ text: value }] } };
}
