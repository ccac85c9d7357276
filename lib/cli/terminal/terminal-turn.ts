import type { Content } from '@google/genai';
import { catchError, endWith, last, map, merge, type Observable, of, scan, take, takeWhile, tap } from 'rxjs';
import type { RunConfig } from '../../context/run-config.js';
import { type ConfirmationRequest, getConfirmationRequests } from '../../events/confirmation-requests.js';
import type { Event } from '../../events/event.js';
import type { Runner } from '../../runner/runner.js';
import { formatEvent, type StreamingLine } from './format-event.js';
import type { TerminalIo } from './terminal-io.js';
import type { TerminalStyle } from './terminal-style.js';

/** Who a turn runs for, and where it prints. */
export interface TerminalTurnContext {
  runner: Runner;
  userId: string;
  sessionId: string;
  runConfig: RunConfig;
  io: TerminalIo;
  style: TerminalStyle;
}

/** What happens in a turn: an event, then one end. */
type TurnStep = { kind: 'event'; event: Event } | { kind: 'done' } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

interface TurnProgress {
  open: StreamingLine | undefined;
  requests: ConfirmationRequest[];
  output: string;
}

const START: TurnProgress = { open: undefined, requests: [], output: '' };

/**
 * Runs one turn and prints it as it happens (see `formatEvent`); emits, once, the confirmation
 * requests the turn ended with (empty when none). A Ctrl+C (`io.interrupts`) during the turn
 * unsubscribes the run — the Runner aborts the model call and running tools — and prints
 * `(cancelled)`; an error is printed, not thrown, so the chat goes on.
 *
 * @example
 * ```ts
 * terminalTurn(ctx, { role: 'user', parts: [{ text: 'What is the weather in Paris?' }] })
 *   .subscribe((requests) => requests.forEach((r) => console.log(confirmationQuestion(r))));
 * ```
 */
export function terminalTurn(ctx: TerminalTurnContext, newMessage: Content): Observable<ConfirmationRequest[]> {
  const { runner, userId, sessionId, runConfig } = ctx;
  const events = runner.runAsync({ userId, sessionId, newMessage, runConfig }).pipe(
    map((event): TurnStep => ({ kind: 'event', event })),
    endWith<TurnStep>({ kind: 'done' }),
    catchError((error: unknown) => of<TurnStep>({ kind: 'failed', error })),
  );
  const interrupted = ctx.io.interrupts.pipe(
    take(1),
    map((): TurnStep => ({ kind: 'cancelled' })),
  );
  return merge(events, interrupted).pipe(
    takeWhile((step) => step.kind === 'event', true),
    scan((progress: TurnProgress, step: TurnStep) => advance(progress, step, ctx.style), START),
    tap((progress) => progress.output && ctx.io.write(progress.output)),
    last(),
    map((progress) => progress.requests),
  );
}

function advance(progress: TurnProgress, step: TurnStep, style: TerminalStyle): TurnProgress {
  const close = progress.open ? '\n' : '';
  switch (step.kind) {
    case 'event': {
      const { text, open } = formatEvent(step.event, progress.open, style);
      return { open, requests: [...progress.requests, ...getConfirmationRequests(step.event)], output: text };
    }
    case 'done':
      return { ...progress, open: undefined, output: close };
    case 'cancelled':
      return { open: undefined, requests: [], output: `${close}${style.warn('(cancelled)')}\n` };
    case 'failed':
      return { open: undefined, requests: [], output: `${close}${style.error(`error: ${messageOf(step.error)}`)}\n` };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
