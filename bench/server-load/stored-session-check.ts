// What the server-load bench checks in each stored session once the load is over.

interface StoredPart {
  functionCall?: { id?: string };
  functionResponse?: { id?: string };
}

/** The fields of a stored event the checks read. */
export interface StoredEvent {
  id: string;
  invocationId: string;
  content?: { parts?: StoredPart[] };
}

/** The verdict on one stored session. */
export interface SessionCheck {
  /** Exactly `turns × 4` events (user, call, response, answer per turn), with distinct ids. */
  whole: boolean;
  /** Function calls with no response of the same id in the session. */
  orphanCalls: number;
  /** Invocations whose events are not contiguous (another invocation's event came between). */
  interleavedInvocations: number;
}

/**
 * Checks one stored session of `turns` weather turns: no event lost or duplicated, no orphan
 * call, no interleaved invocation.
 *
 * @example
 * ```ts
 * const check = checkStoredSession(session.events, 5);
 * if (!check.whole) console.log('lost or duplicated events');
 * ```
 */
export function checkStoredSession(events: readonly StoredEvent[], turns: number): SessionCheck {
  const parts = events.flatMap((event) => event.content?.parts ?? []);
  const responded = new Set(parts.flatMap((part) => (part.functionResponse?.id ? [part.functionResponse.id] : [])));
  const orphanCalls = parts.filter((part) => part.functionCall && !responded.has(part.functionCall.id ?? '')).length;
  return {
    whole: events.length === turns * 4 && new Set(events.map((event) => event.id)).size === events.length,
    orphanCalls,
    interleavedInvocations: interleaved(events),
  };
}

/** Invocations that appear in more than one run of consecutive events. */
function interleaved(events: readonly StoredEvent[]): number {
  const runs = events.filter((event, i) => i === 0 || events[i - 1]!.invocationId !== event.invocationId).map((event) => event.invocationId);
  return runs.length - new Set(runs).size;
}
