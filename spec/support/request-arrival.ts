/**
 * A signal from a stand-in server that a request has arrived: enqueue `answering(answer)` as the
 * scripted answer (the stand-in calls it with the request it received), then `await promise` to
 * act on a request in flight (abort it, unsubscribe) without guessing how long it takes to get there.
 */
export function requestArrival(): { promise: Promise<void>; answering<Answer>(answer: Answer): () => Answer } {
  let arrived!: () => void;
  const promise = new Promise<void>((resolve) => (arrived = resolve));
  return {
    promise,
    answering: (answer) => () => {
      arrived();
      return answer;
    },
  };
}
