// Types of scripts/build-angular-example.mjs, for the browser test that uses it.

/** The example's folder. */
export const EXAMPLE_DIR: string;
/** What `ng build` writes: the files to serve. */
export const EXAMPLE_DIST: string;
/** Builds the Angular example unless it was built from the current inputs; `true` when it built. */
export function buildAngularExample(): Promise<boolean>;
