import { defer, EMPTY, filter, ignoreElements, type Observable, Subject, take, tap } from 'rxjs';

/**
 * The channel through which the Runner tells agent code that an event has been processed
 * (persisted, or forwarded if partial): SPEC §6 "pause until committed".
 */
export interface Acknowledgements {
  /** The Runner has processed the event with this id. */
  acknowledge(eventId: string): void;
  /** Completes (emitting nothing) once the event with this id has been acknowledged. */
  whenAcknowledged(eventId: string): Observable<never>;
  /** True (and forgotten) if the event was already acknowledged: the waiter need not wait. */
  takeAcknowledgement(eventId: string): boolean;
}

/**
 * The Runner's {@link Acknowledgements}. An acknowledgement may arrive before anyone waits for it
 * (a synchronous store acknowledges *during* the emission, before the emitter starts waiting), so
 * acknowledged ids are remembered until they are waited for; a waiter that comes later completes
 * at once. A hot Subject alone would deadlock there.
 *
 * ```
 * sync store:  emit e ─► runner stores, acks e ─► emitter waits: already acked ─► resumes (same frame)
 * async store: emit e ─► emitter waits ··· 50ms ··· runner acks e ─► emitter resumes
 * ```
 *
 * @example
 * ```ts
 * const acks = new EventAcknowledger();
 * acks.acknowledge('e1');
 * acks.whenAcknowledged('e1').subscribe({ complete: () => console.log('committed') }); // at once
 * ```
 */
export class EventAcknowledger implements Acknowledgements {
  private readonly acknowledged = new Set<string>();
  private readonly acknowledgements = new Subject<string>();

  acknowledge(eventId: string): void {
    this.acknowledged.add(eventId);
    this.acknowledgements.next(eventId);
  }

  takeAcknowledgement(eventId: string): boolean {
    return this.acknowledged.delete(eventId);
  }

  whenAcknowledged(eventId: string): Observable<never> {
    return defer(() =>
      this.acknowledged.delete(eventId)
        ? EMPTY
        : this.acknowledgements.pipe(
            filter((id) => id === eventId),
            take(1),
            tap(() => this.acknowledged.delete(eventId)),
            ignoreElements(),
          ),
    );
  }
}

/**
 * {@link Acknowledgements} for agents run without a Runner (e.g. directly in a unit test):
 * every event counts as acknowledged the moment it is emitted.
 *
 * @example
 * ```ts
 * new InvocationContext({ session, sessionService, agent, acknowledgements: immediateAcknowledgements });
 * ```
 */
export const immediateAcknowledgements: Acknowledgements = {
  acknowledge: () => undefined,
  whenAcknowledged: () => EMPTY,
  takeAcknowledgement: () => true,
};
