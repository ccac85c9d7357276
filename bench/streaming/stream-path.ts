// One way of consuming the scenario's streamed answer: a provider's raw SDK, an adapter alone, or
// a whole Runner turn, of rxadk or @google/adk.

/** What one streamed answer delivered, to check that every path saw the whole stream. */
export interface StreamCount {
  /** Text chunks received (raw SDK) or partial responses / events with text (adapter, Runner). */
  chunks: number;
  /** Characters of text: the final aggregated text, or for a raw SDK the sum of the chunks. */
  chars: number;
}

/** The layers measured for each provider. */
export type StreamLayer = 'raw SDK' | 'adapter' | 'Runner turn';

export interface StreamPath {
  /** `Gemini`, `OpenAI`, `Anthropic`, `ScriptedLlm`. */
  provider: string;
  /** `rxadk`, `@google/adk`, or the SDK's package name for a raw SDK path. */
  framework: string;
  layer: StreamLayer;
  /** Untimed set-up before each run (e.g. a fresh session). */
  prepare?(): Promise<void>;
  /** One streamed answer, consumed to its end. */
  run(): Promise<StreamCount>;
}

/** A provider's paths and how to shut its stand-in down; or why it cannot be measured. */
export type ProviderPaths =
  | { provider: string; paths: StreamPath[]; close(): Promise<void> }
  | { provider: string; unavailable: string };

/** Counts text chunks and characters as they arrive. */
export class StreamCounter {
  chunks = 0;
  chars = 0;

  /** Adds one chunk's text (nothing for an empty or missing text). */
  text(text: string | undefined): void {
    if (!text) return;
    this.chunks++;
    this.chars += text.length;
  }

  result(): StreamCount {
    return { chunks: this.chunks, chars: this.chars };
  }
}
