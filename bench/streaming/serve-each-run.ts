import type { StreamPath } from './stream-path.js';

/** The path, with `enqueue()` (scripting the stand-in's next answer) called before each run. */
export function serveEachRun(enqueue: () => void, path: StreamPath): StreamPath {
  return {
    ...path,
    run() {
      enqueue();
      return path.run();
    },
  };
}
