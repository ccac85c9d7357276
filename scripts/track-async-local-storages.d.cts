/** Remembers the AsyncLocalStorage instances made until `release()`, which disables them. */
export declare function trackAsyncLocalStorages(): () => void;
