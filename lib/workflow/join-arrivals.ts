/**
 * The arrivals at a join node since it last fired, newest first: a persistent list, so that an
 * arrival adds one cell and copies nothing (a 100-wide fan-in is 100 cells, not 100 copies of a
 * map's path). `count` is the list's length.
 */
export interface JoinArrivals {
  /** The predecessor that arrived. */
  readonly from: string;
  readonly output: unknown;
  readonly branch: string | undefined;
  /** The arrivals before this one. */
  readonly previous: JoinArrivals | undefined;
  readonly count: number;
}

/** A predecessor's latest arrival at a join: its output and branch. */
export interface JoinArrival {
  readonly output: unknown;
  readonly branch: string | undefined;
}

/**
 * `arrivals` with `from`'s arrival (its output and branch) added, newest first.
 *
 * @example
 * ```ts
 * const arrivals = arriveAt(arriveAt(undefined, 'a', 1, undefined), 'b', 2, undefined);
 * arrivals.count; // 2
 * ```
 */
export function arriveAt(arrivals: JoinArrivals | undefined, from: string, output: unknown, branch: string | undefined): JoinArrivals {
  return { from, output, branch, previous: arrivals, count: (arrivals?.count ?? 0) + 1 };
}

/**
 * Each predecessor's latest arrival, in `predecessors` order, once every one of them has arrived;
 * `undefined` before. A predecessor that arrived twice counts once, with its latest output (as a
 * map of arrivals would say); the list is walked only when it is at least as long as
 * `predecessors` (once per firing when each arrives once).
 *
 * @example
 * ```ts
 * const arrivals = arriveAt(arriveAt(arriveAt(undefined, 'a', 1, undefined), 'a', 3, undefined), 'b', 2, undefined);
 * latestArrivals(arrivals, ['a', 'b']); // [{ output: 3, branch: undefined }, { output: 2, branch: undefined }]
 * latestArrivals(arrivals, ['a', 'b', 'c']); // undefined
 * ```
 */
export function latestArrivals(arrivals: JoinArrivals, predecessors: readonly string[]): readonly JoinArrival[] | undefined {
  if (arrivals.count < predecessors.length) return undefined;
  const latest = new Map<string, JoinArrival>();
  for (let cell: JoinArrivals | undefined = arrivals; cell !== undefined && latest.size < predecessors.length; cell = cell.previous) {
    if (!latest.has(cell.from)) latest.set(cell.from, cell);
  }
  const ordered: JoinArrival[] = [];
  for (const predecessor of predecessors) {
    const arrival = latest.get(predecessor);
    if (arrival === undefined) return undefined;
    ordered.push(arrival);
  }
  return ordered;
}
