import { TestScheduler } from 'rxjs/testing';

/** A TestScheduler whose assertions go through Jest's deep equality. */
export function testScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}
