/** Builds the page into `outDir` (default `dist/` beside build.mjs) and returns that folder. */
export function buildAiSdkChat(outDir?: string): Promise<string>;
