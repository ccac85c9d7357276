import { concat, concatMap, type Observable, of, type OperatorFunction } from 'rxjs';
import type { InvocationContext } from '../context/invocation-context.js';
import type { Event } from '../events/event.js';
import type { LlmResponse } from '../models/llm-response.js';
import { concatMapOrForward } from '../operators/concat-map-or-forward.js';
import { callbackChain } from '../plugins/callback-chain.js';
import type { LiveItem } from './close-cut-turn.js';
import { saveLiveAudio } from './live-audio-artifact.js';
import { isStoredLiveEvent } from './live-event.js';

/** A call event once committed: its tools may start. */
export interface CommittedCalls {
  committedCalls: Event;
}

/** What the model side hands on: an event (as `ctx.emit` delivers it, unwrapped: one per audio frame), or a committed call event. */
export type LiveStepOut = Event | CommittedCalls;

/**
 * The live connection's items as events, one at a time and in order: each item's event (made by
 * `toEvent` when its turn comes) is emitted through `ctx.emit`, and the next item waits until the
 * emission completes (the Runner committed it); a function call event is followed, once
 * committed, by `{committedCalls}` (its tools may start); a `{failure}` item errors, after every
 * event before it was committed. That is `concatMap((item) => emitStep(item))`, with a lane
 * ({@link concatMapOrForward}, the event made once when the item's turn comes): an event the
 * Runner stores nowhere and hands on at once (an audio frame's, a partial: no `onEventCallback`
 * registered, no `saveLiveBlob`) emitted while nothing of the Runner's is pending
 * (`ctx.commitsSettled`) is committed before its emission returns, so it is handed on directly:
 * no `emit` Observable, no subscription, no queue entry per frame.
 *
 * ```
 * items:   a──p──F──────b─X        (p: partial, F: call event, the store taking 20 frames; X: failure)
 * result:  a──p──F──20──c─b─#      (c: {committedCalls: F}; b waited for F's commit)
 * ```
 *
 * @example
 * ```ts
 * items$.pipe(emitLiveSteps(ctx, (response) => liveEvent(ctx, response, toolsDict))).subscribe(render);
 * ```
 */
export function emitLiveSteps(ctx: InvocationContext, toEvent: (response: LlmResponse) => Event): OperatorFunction<LiveItem, LiveStepOut> {
  const laneOpen = !ctx.runConfig.saveLiveBlob && !callbackChain(ctx.pluginManager, 'onEventCallback').registered;
  return concatMapOrForward(
    (event: Event) => (laneOpen && ctx.commitsSettled && !isStoredLiveEvent(event) ? event : undefined),
    (event: Event) => emitStep(ctx, event),
    { atTurn: (item: LiveItem) => eventOf(item, toEvent) },
  );
}

/** An item's event, made when its turn comes; a `{failure}` item throws its failure there (the result errors after every event before it). */
function eventOf(item: LiveItem, toEvent: (response: LlmResponse) => Event): Event {
  if ('failure' in item) throw item.failure;
  return toEvent(item.response);
}

/** Emits the event; a function call event is followed, once committed, by `{committedCalls}`. */
function emitStep(ctx: InvocationContext, event: Event): Observable<LiveStepOut> {
  const emitted = emitLiveEvent(ctx, event);
  if (event.partial || !hasFunctionCall(event)) return emitted;
  return concat(emitted, of({ committedCalls: event }));
}

/** Emits the event; model audio is first saved as an artifact under `saveLiveBlob` (the event then refers to it). */
function emitLiveEvent(ctx: InvocationContext, event: Event): Observable<Event> {
  if (!ctx.runConfig.saveLiveBlob) return ctx.emit(event);
  const audio = event.content?.parts?.find((part) => part.inlineData)?.inlineData;
  if (!audio) return ctx.emit(event);
  return saveLiveAudio(ctx, 'output', audio).pipe(concatMap((content) => ctx.emit(content ? { ...event, content } : event)));
}

function hasFunctionCall(event: Event): boolean {
  const parts = event.content?.parts;
  if (!parts) return false;
  for (let i = 0; i < parts.length; i++) if (parts[i]!.functionCall) return true;
  return false;
}
