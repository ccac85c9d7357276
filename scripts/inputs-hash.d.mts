// Types of scripts/inputs-hash.mjs, for the specs that use it.

/** A SHA-256 of the names and contents of every file under `paths`: the key of a cached build output. */
export function inputsHash(paths: readonly string[]): string;
