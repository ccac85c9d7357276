import type { Content } from '@google/genai';
import { BaseLlm, type LlmRequest, type LlmResponse } from 'rxadk';
import { concatMap, delay, from, type Observable, of } from 'rxjs';

/**
 * A small rule model that runs in the page, so the example needs no account and no network:
 * "research <topic>" calls the (slow) `research` tool, a greeting is answered, a tool result is
 * summarised, anything else is echoed. With streaming on, the answer arrives word by word,
 * `wordDelayMs` apart, as partial responses, then one final response.
 *
 * Cancellation needs nothing here: the answer is a cold Observable, and unsubscribing from the
 * turn stops its timers.
 *
 * @example
 * ```ts
 * const agent = new LlmAgent({ name: 'assistant', model: new OfflineChatModel(), tools: [research] });
 * ```
 */
export class OfflineChatModel extends BaseLlm {
  constructor(private readonly wordDelayMs = 40) {
    super({ model: 'offline-chat' });
  }

  generateContent(request: LlmRequest, stream = false): Observable<LlmResponse> {
    const last = request.contents.at(-1);
    const response = last ? respondTo(last) : textResponse('Say something!');
    const words = response.content?.parts?.[0]?.text?.split(/(?<= )/) ?? [];
    if (!stream || words.length < 2) return of(response);
    const chunks = words.map((word): LlmResponse => ({ content: { role: 'model', parts: [{ text: word }] }, partial: true }));
    return from([...chunks, { ...response, turnComplete: true }]).pipe(
      concatMap((chunk) => of(chunk).pipe(delay(chunk.partial ? this.wordDelayMs : 0))),
    );
  }
}

function respondTo(last: Content): LlmResponse {
  const result = last.parts?.find((part) => part.functionResponse)?.functionResponse;
  if (result) return textResponse(summarise((result.response ?? {}) as Record<string, unknown>));
  const said = (last.parts ?? []).map((part) => part.text ?? '').join(' ').trim();
  const research = /^research (.+?)[.!?]*$/i.exec(said);
  if (research) {
    return { content: { role: 'model', parts: [{ functionCall: { name: 'research', args: { topic: research[1]! } } }] } };
  }
  if (/^(hi|hello|hey)\b/i.test(said)) return textResponse('Hello! I am an offline model running inside this page. Try "research black holes".');
  return textResponse(`You said "${said}". I am an offline rule model; try "hello" or "research black holes".`);
}

function summarise(result: Record<string, unknown>): string {
  return result['error'] ? `The research failed: ${String(result['error'])}` : `Here is what I found about ${String(result['topic'])}: ${String(result['summary'])}`;
}

function textResponse(text: string): LlmResponse {
  return { content: { role: 'model', parts: [{ text }] } };
}
