/**
 * A record's constructor that builds PLAIN objects: `init` assigns the record's keys to `this`, in
 * order, and `new` of the result makes an object whose prototype is `Object.prototype` (its
 * `constructor` is `Object`), with exactly those own keys in that order: the same object as the
 * literal `{ a, b, ... }` would be, for every reader (`Object.keys`, `JSON.stringify`, spreading,
 * `structuredClone`, Jest's `toStrictEqual`).
 *
 * Why not the literal: V8 gives each object literal an allocation site and counts how many of its
 * objects survive a young-generation GC; a site whose objects all survive (an event a session
 * stores) is "pretenured", and its objects are then allocated in the old generation, where each
 * young value stored into them (the event's id, its output, its nested records) goes through the
 * write barrier's slow path. Objects made by `new` have no allocation site and are never
 * pretenured. For a workflow node's end event (one per node step, all kept by the session) this
 * measured 11–15% of a node step's CPU time (docs/performance.md, "Workflows, eleventh round").
 *
 * Each record shape needs a constructor of its own (one hidden class per constructor), made once
 * at module load; `init` must assign every key on every call, in the same order.
 *
 * @example
 * ```ts
 * const Point = plainConstructor(function (this: { x: number; y: number }, x: number, y: number) {
 *   this.x = x;
 *   this.y = y;
 * });
 * const p = new Point(1, 2);
 * Object.getPrototypeOf(p) === Object.prototype; // true
 * JSON.stringify(p);                               // '{"x":1,"y":2}'
 * ```
 */
export function plainConstructor<T extends object, A extends unknown[]>(init: (this: T, ...args: A) => void): new (...args: A) => T {
  // a function's `prototype` is what `new` links its objects to: `Object.prototype`, as a literal's
  (init as unknown as { prototype: object }).prototype = Object.prototype;
  return init as unknown as new (...args: A) => T;
}
