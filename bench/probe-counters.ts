// Load-independent counters for the probes (bench/turn-probe.ts, bench/workflow-probe.ts): how many
// RxJS subscriptions and how many bytes some work makes, whatever the machine's load.
import { Session } from 'node:inspector/promises';
import { Observable } from 'rxjs';

/** The RxJS subscriptions `work` makes, counted on `Observable.prototype.subscribe`. */
export async function countSubscriptions(work: () => Promise<void>): Promise<number> {
  const subscribe = Observable.prototype.subscribe;
  let count = 0;
  Observable.prototype.subscribe = function (this: Observable<unknown>, ...args: Parameters<typeof subscribe>) {
    count++;
    return subscribe.apply(this, args);
  } as typeof subscribe;
  try {
    await work();
  } finally {
    Observable.prototype.subscribe = subscribe;
  }
  return count;
}

/** A node of V8's sampling heap profile: the function that allocated, its own bytes, and what it called. */
export interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

/** V8's sampling heap profile of `work` (one sample per `interval` bytes, collected objects included): its root. */
export async function sampledAllocationProfile(work: () => Promise<void>, interval: number): Promise<AllocationNode> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', { samplingInterval: interval, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  await work();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  session.disconnect();
  return profile.head as AllocationNode;
}

/** The bytes `work` allocates, collected objects included (V8's sampling heap profiler, one sample per `interval` bytes). */
export async function sampledAllocation(work: () => Promise<void>, interval: number): Promise<number> {
  let bytes = 0;
  const walk = (node: AllocationNode) => {
    bytes += node.selfSize;
    node.children.forEach(walk);
  };
  walk(await sampledAllocationProfile(work, interval));
  return bytes;
}
