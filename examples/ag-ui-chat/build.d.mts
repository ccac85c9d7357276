/** Builds the page into `outDir` (default `dist/` beside build.mjs) and returns that folder. */
export function buildAgUiChat(outDir?: string): Promise<string>;
