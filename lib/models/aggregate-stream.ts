import type { Content, FinishReason, Part } from '@google/genai';
import { Observable, type OperatorFunction } from 'rxjs';
import type { LlmResponse } from './llm-response.js';

/**
 * Turns the chunks of a streamed model answer into what a streaming `BaseLlm` emits: every chunk,
 * as it arrives, marked `partial: true`, and — when the source completes after at least one chunk —
 * one aggregated, non-partial response with `turnComplete: true`.
 *
 * ```
 * source:   -a---b---c---|
 * result:   -A---B---C---(Z|)      A = { ...a, partial: true }, ...
 *                                  Z = a + b + c aggregated, partial: false, turnComplete: true
 * source:   -a---#                 an error is passed through; no aggregate
 * source:   ---|                   no chunk, no aggregate
 * ```
 *
 * The aggregate follows ADK's `StreamingResponseAggregator` (progressive SSE mode): consecutive
 * text parts are concatenated, thought text separately from answer text (a thought part keeps the
 * first thought signature seen); function calls and other non-text parts stay in their place;
 * empty function-call markers (no name) are dropped and function calls repeated with the same id
 * are kept once. `finishReason` comes from the last chunk that had one; `usageMetadata`,
 * `groundingMetadata`, `citationMetadata` and `modelVersion` from the last chunk that had them. A
 * finish reason other than `STOP` becomes the `errorCode` (as in ADK); otherwise the last chunk's
 * `errorCode` / `errorMessage` (e.g. a blocked prompt) are kept.
 *
 * Every chunk is partial, even one that carries a function call: the framework never executes a
 * tool from a partial response, only from the aggregate, which holds all the function calls.
 *
 * @example
 * ```ts
 * of(
 *   { content: { role: 'model', parts: [{ text: 'Hel' }] } },
 *   { content: { role: 'model', parts: [{ text: 'lo' }] }, finishReason: FinishReason.STOP },
 * ).pipe(aggregateStream()).subscribe((r) => console.log(r.partial, r.content?.parts));
 * // true  [{ text: 'Hel' }]
 * // true  [{ text: 'lo' }]
 * // false [{ text: 'Hello' }]
 * ```
 */
export function aggregateStream(): OperatorFunction<LlmResponse, LlmResponse> {
  return (source) =>
    new Observable<LlmResponse>((subscriber) => {
      const aggregator = new StreamAggregator();
      return source.subscribe({
        next: (chunk) => {
          aggregator.add(chunk);
          // either way one copy; a literal that starts with a spread and adds a key is slow on V8
          subscriber.next(Object.hasOwn(chunk, 'partial') ? { ...chunk, partial: true } : { partial: true, ...chunk });
        },
        error: (error) => subscriber.error(error),
        complete: () => {
          const aggregate = aggregator.result();
          if (aggregate) subscriber.next(aggregate);
          subscriber.complete();
        },
      });
    });
}

/** A run of consecutive text parts of the same kind (thought or answer) being concatenated. */
interface TextRun {
  thought: boolean;
  texts: string[];
  thoughtSignature?: string;
}

/** Accumulates streamed chunks; {@link result} builds the aggregated response. */
class StreamAggregator {
  private readonly parts: Part[] = [];
  private run: TextRun | undefined;
  private chunks = 0;
  private last: LlmResponse = {};
  private finishReason: FinishReason | undefined;
  private readonly metadata: Pick<
    LlmResponse,
    'usageMetadata' | 'groundingMetadata' | 'citationMetadata' | 'modelVersion'
  > = {};

  add(chunk: LlmResponse): void {
    this.chunks++;
    this.last = chunk;
    if (chunk.finishReason) this.finishReason = chunk.finishReason;
    if (chunk.usageMetadata) this.metadata.usageMetadata = chunk.usageMetadata;
    if (chunk.groundingMetadata) this.metadata.groundingMetadata = chunk.groundingMetadata;
    if (chunk.citationMetadata) this.metadata.citationMetadata = chunk.citationMetadata;
    if (chunk.modelVersion) this.metadata.modelVersion = chunk.modelVersion;
    for (const part of chunk.content?.parts ?? []) this.addPart(part);
  }

  /** The aggregated response, or `undefined` when no chunk arrived. */
  result(): LlmResponse | undefined {
    if (this.chunks === 0) return undefined;
    this.flushText();
    const parts = dropRepeatedFunctionCalls(this.parts);
    const content: Content | undefined = parts.length > 0 ? { role: 'model', parts } : undefined;
    const response: LlmResponse = { ...(content ? { content } : {}), ...this.metadata };
    if (this.finishReason) response.finishReason = this.finishReason;
    Object.assign(response, this.errorFields());
    response.partial = false;
    response.turnComplete = true;
    return response;
  }

  private addPart(part: Part): void {
    if (part.text) {
      this.addText(part);
    } else if (part.functionCall) {
      if (!part.functionCall.name) return; // an empty marker some backends send at the end of a call
      this.flushText();
      this.parts.push(part);
    } else {
      this.flushText();
      this.parts.push(part);
    }
  }

  private addText(part: Part): void {
    const thought = part.thought === true;
    if (this.run && this.run.thought !== thought) this.flushText();
    this.run ??= { thought, texts: [] };
    this.run.texts.push(part.text!);
    if (part.thoughtSignature && !this.run.thoughtSignature) this.run.thoughtSignature = part.thoughtSignature;
  }

  private flushText(): void {
    if (!this.run) return;
    const part: Part = { text: this.run.texts.join('') };
    if (this.run.thought) part.thought = true;
    if (this.run.thoughtSignature) part.thoughtSignature = this.run.thoughtSignature;
    this.parts.push(part);
    this.run = undefined;
  }

  private errorFields(): Pick<LlmResponse, 'errorCode' | 'errorMessage'> {
    if (this.finishReason && this.finishReason !== ('STOP' as FinishReason)) {
      return withDefined({ errorCode: this.finishReason, errorMessage: this.last.errorMessage });
    }
    return withDefined({ errorCode: this.last.errorCode, errorMessage: this.last.errorMessage });
  }
}

/** Keeps the first of several function-call parts that share an id (streams may repeat a call). */
function dropRepeatedFunctionCalls(parts: readonly Part[]): Part[] {
  const seen = new Set<string>();
  return parts.filter((part) => {
    const id = part.functionCall?.id;
    if (!id) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function withDefined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
