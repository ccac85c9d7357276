import { urlAlphabet } from 'nanoid';

/** The length of a {@link randomId} (nanoid's default: 126 random bits). */
const ID_LENGTH = 21;
/**
 * Ids' worth of random bytes fetched at once: 1,024 (21.5 KB; `getRandomValues` takes at most
 * 64 KB). Each fetch costs about 3.5 µs before its first byte, so nanoid's 128 ids per fetch were
 * 28 ns per id, and 1,024 are 6 ns; every event of a run takes an id.
 */
const POOL_IDS = 1024;

/** nanoid's URL-safe alphabet (`A-Za-z0-9_-`, 64 symbols) as character codes. */
const CODES = Uint16Array.from(urlAlphabet, (symbol) => symbol.charCodeAt(0));

let pool: Uint8Array<ArrayBuffer> | undefined;
let offset = 0;

/** The offset of `ID_LENGTH` fresh random bytes in `pool` (refilled when used up). */
function takeRandomBytes(): number {
  if (pool === undefined || offset + ID_LENGTH > pool.length) {
    pool ??= new Uint8Array(ID_LENGTH * POOL_IDS);
    globalThis.crypto.getRandomValues(pool);
    offset = 0;
  }
  const at = offset;
  offset += ID_LENGTH;
  return at;
}

/**
 * A random 21-character id over nanoid's URL-safe alphabet, as `nanoid()` makes them (the same
 * length, alphabet and randomness: each character is 6 bits of a pooled `crypto.getRandomValues`),
 * built as ONE string: nanoid appends 21 characters one by one, and every event of a run takes an
 * id.
 *
 * @example
 * ```ts
 * randomId(); // 'V1StGXR8_Z5jdHi6B-myT'
 * ```
 */
export function randomId(): string {
  const at = takeRandomBytes();
  const b = pool!;
  const c = CODES;
  return String.fromCharCode(
    c[b[at]! & 63]!,
    c[b[at + 1]! & 63]!,
    c[b[at + 2]! & 63]!,
    c[b[at + 3]! & 63]!,
    c[b[at + 4]! & 63]!,
    c[b[at + 5]! & 63]!,
    c[b[at + 6]! & 63]!,
    c[b[at + 7]! & 63]!,
    c[b[at + 8]! & 63]!,
    c[b[at + 9]! & 63]!,
    c[b[at + 10]! & 63]!,
    c[b[at + 11]! & 63]!,
    c[b[at + 12]! & 63]!,
    c[b[at + 13]! & 63]!,
    c[b[at + 14]! & 63]!,
    c[b[at + 15]! & 63]!,
    c[b[at + 16]! & 63]!,
    c[b[at + 17]! & 63]!,
    c[b[at + 18]! & 63]!,
    c[b[at + 19]! & 63]!,
    c[b[at + 20]! & 63]!,
  );
}
