import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Content, FunctionCall } from '@google/genai';
import { type Observable, of } from 'rxjs';
import { BaseLlm, type LlmRequest, type LlmResponse } from '../../lib/index.js';
import { parseEvalSet, textOf, toolCallsOf } from '../../lib/evaluation/index.js';

/** What the model does at one step of a turn: call a tool, or answer. */
type Step = { call: FunctionCall } | { text: string };

/**
 * A model that replays recorded conversations: ADK's recorded eval files of an app. For the
 * user's messages so far (the whole conversation, not only the last one), it calls the recorded
 * tools one by one — each after the previous one's response — then answers the recorded final
 * response. The first recording of a conversation wins; a conversation it has not recorded gets
 * an answer saying so. It stands in for Gemini, whose answers the files recorded, so the
 * fixtures run offline and reproduce their trajectories.
 */
export class ReplayLlm extends BaseLlm {
  private constructor(private readonly recordings: ReadonlyMap<string, readonly Step[]>) {
    super({ model: 'replay' });
  }

  /**
   * Every `*.test.json` / `*.evalset.json` in the folder of the module at `moduleUrl` (an app's
   * `import.meta.url`) and below, in path order.
   */
  static ofApp(moduleUrl: string): ReplayLlm {
    return ReplayLlm.fromEvalFiles(appFolderOf(moduleUrl));
  }

  /** Every `*.test.json` / `*.evalset.json` under `dir`, in path order. */
  static fromEvalFiles(dir: string): ReplayLlm {
    const recordings = new Map<string, Step[]>();
    for (const file of evalFiles(dir)) {
      for (const evalCase of parseEvalSet(JSON.parse(readFileSync(file, 'utf8')), file).evalCases) {
        const said: string[] = [];
        for (const invocation of evalCase.conversation ?? []) {
          said.push(textOf(invocation.userContent));
          const key = JSON.stringify(said);
          if (!recordings.has(key)) recordings.set(key, [...toolCallsOf(invocation).map((call) => ({ call })), { text: textOf(invocation.finalResponse) }]);
        }
      }
    }
    return new ReplayLlm(recordings);
  }

  generateContent(request: LlmRequest): Observable<LlmResponse> {
    const userTurns = request.contents.flatMap((content, index) => (isUserTurn(content) ? [index] : []));
    const said = userTurns.map((index) => textOf(request.contents[index]));
    const steps = this.recordings.get(JSON.stringify(said));
    const step = steps?.[Math.min(toolResultsAfter(request.contents, userTurns[userTurns.length - 1] ?? -1), steps.length - 1)];
    if (!step) return of(answer(`(no recording for the conversation ${JSON.stringify(said)})`));
    return of('call' in step ? { content: { role: 'model', parts: [{ functionCall: step.call }] } } : answer(step.text));
  }
}

function answer(text: string): LlmResponse {
  return { content: { role: 'model', parts: [{ text }] } };
}

/** A message the user typed: text, no function response, not another agent's words ("For context:"). */
function isUserTurn(content: Content): boolean {
  const parts = content.parts ?? [];
  return content.role === 'user' && parts.length > 0 && parts.every((part) => part.text !== undefined) && parts[0]!.text !== 'For context:';
}

/** The tool responses since the user's last message: this agent's own, or another agent's ("… tool returned result: …"). */
function toolResultsAfter(contents: readonly Content[], from: number): number {
  return contents
    .slice(from + 1)
    .flatMap((content) => content.parts ?? [])
    .filter((part) => part.functionResponse !== undefined || / tool returned result: /.test(part.text ?? '')).length;
}

function evalFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name.startsWith('.') ? [] : evalFiles(path);
      return /\.(test|evalset)\.json$/.test(name) ? [path] : [];
    });
}

/** The app's folder: the module's own, or, when rxadk's TypeScript loader bundled it into `<app>/node_modules/.cache/rxadk/`, that app's. */
function appFolderOf(moduleUrl: string): string {
  return fileURLToPath(new URL('.', moduleUrl)).replace(/[\\/]node_modules[\\/]\.cache[\\/]rxadk[\\/]?$/, '');
}
