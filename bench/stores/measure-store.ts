// What the store benchmark measures: appends one at a time (as the Runner commits events), and
// loading a long session.
import { firstValueFrom } from 'rxjs';
import { createEvent, type Event } from '../../lib/events/event.js';
import type { BaseSessionService } from '../../lib/sessions/base-session-service.js';
import type { Session } from '../../lib/sessions/session.js';
import { median, nowMs } from '../stats.js';

/** A realistic event: the n-th of a conversation of user messages, tool calls, tool results and answers. */
export function conversationEvent(n: number, invocationId: string): Event {
  const kind = n % 4;
  const base = { invocationId, timestamp: 1_700_000_000_000 + n, actions: { stateDelta: { turns: n } } };
  if (kind === 0) return createEvent({ ...base, author: 'user', content: { role: 'user', parts: [{ text: `What is the weather in city ${n}? Please answer in detail, with the temperature, the sky and the wind.` }] } });
  if (kind === 1) {
    return createEvent({ ...base, author: 'weather_agent', content: { role: 'model', parts: [{ functionCall: { id: `fc-${n}`, name: 'get_weather', args: { city: `city ${n}`, units: 'metric' } } }] } });
  }
  if (kind === 2) {
    return createEvent({
      ...base,
      author: 'weather_agent',
      content: { role: 'user', parts: [{ functionResponse: { id: `fc-${n - 1}`, name: 'get_weather', response: { city: `city ${n}`, temperatureC: 21, sky: 'sunny', windKmh: 12 } } }] },
    });
  }
  return createEvent({
    ...base,
    author: 'weather_agent',
    content: { role: 'model', parts: [{ text: `It is 21 °C and sunny in city ${n - 3}, with a light wind of 12 km/h from the west. A fine day to be outside.` }] },
    usageMetadata: { promptTokenCount: 420, candidatesTokenCount: 38, totalTokenCount: 458 },
  });
}

/** Appends `count` events one after another; returns each append's latency (ms). */
export async function appendEvents(service: BaseSessionService, session: Session, count: number, offset = 0): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const event = conversationEvent(offset + i, `inv-${Math.floor((offset + i) / 4)}`);
    const start = nowMs();
    await firstValueFrom(service.appendEvent(session, event));
    latencies.push(nowMs() - start);
  }
  return latencies;
}

/** Result of {@link measureAppends}. */
export interface AppendResult {
  appendsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * Append throughput: `repeats` runs of `count` appends, each on a new session after `warmup`
 * appends that are not counted. Throughput is the median run's; latencies are pooled.
 */
export async function measureAppends(
  service: BaseSessionService,
  count: number,
  warmup: number,
  repeats: number,
): Promise<AppendResult> {
  const rates: number[] = [];
  const latencies: number[] = [];
  for (let run = 0; run < repeats; run++) {
    const session = await firstValueFrom(service.createSession({ appName: 'bench', userId: 'u1', sessionId: `appends-${run}` }));
    await appendEvents(service, session, warmup);
    const start = nowMs();
    latencies.push(...(await appendEvents(service, session, count, warmup)));
    rates.push((count / (nowMs() - start)) * 1000);
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    appendsPerSecond: median(rates),
    p50Ms: median(latencies),
    p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!,
  };
}

/** Result of {@link measureLoad}. */
export interface LoadResult {
  events: number;
  fillSeconds: number;
  /** getSession of the whole session (median of the repeats). */
  fullMs: number;
  /** getSession with numRecentEvents: 20. */
  recentMs: number;
  bytesPerEvent: number;
}

/** Builds a session of `events` events, then times loading it. */
export async function measureLoad(service: BaseSessionService, events: number, repeats: number): Promise<LoadResult> {
  const ref = { appName: 'bench', userId: 'u1', sessionId: 'long' };
  const session = await firstValueFrom(service.createSession(ref));
  const fillStart = nowMs();
  await appendEvents(service, session, events);
  const fillSeconds = (nowMs() - fillStart) / 1000;
  const full: number[] = [];
  const recent: number[] = [];
  let loaded: Session | undefined;
  for (let i = 0; i < repeats + 1; i++) {
    let start = nowMs();
    loaded = await firstValueFrom(service.getSession(ref));
    if (i > 0) full.push(nowMs() - start);
    start = nowMs();
    await firstValueFrom(service.getSession({ ...ref, config: { numRecentEvents: 20 } }));
    if (i > 0) recent.push(nowMs() - start);
  }
  if (loaded?.events.length !== events) throw new Error(`loaded ${loaded?.events.length} events, expected ${events}`);
  return {
    events,
    fillSeconds,
    fullMs: median(full),
    recentMs: median(recent),
    bytesPerEvent: JSON.stringify(loaded.events).length / events,
  };
}
