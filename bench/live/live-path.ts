// One way of holding a live conversation with the Gemini Live stand-in, for the live bench: the
// raw @google/genai client (the floor), rxadk's runLive, @google/adk's runLive. Each path hands
// every event (or, for the floor, every server message) to `sink`.
import type { Blob, Content } from '@google/genai';

/** What the bench looks at in what a path hands on. */
export interface LiveOut {
  /** The model's audio frame. */
  audio: boolean;
  turnComplete: boolean;
}

/** An open conversation. */
export interface LiveSession {
  sendAudio(blob: Blob): void;
  sendText(content: Content): void;
  /** Closes the conversation; resolves once the path's stream ended. */
  close(): Promise<void>;
}

export interface LivePath {
  name: string;
  /** Opens a conversation against the stand-in at `baseUrl`; resolves once it is up. */
  open(baseUrl: string, sink: (out: LiveOut) => void): Promise<LiveSession>;
}
