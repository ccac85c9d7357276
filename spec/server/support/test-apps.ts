import type { Content } from '@google/genai';
import { defer, map, NEVER, type Observable, of, throwError } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import type { AgentApp } from '../../../lib/server/agent-apps.js';
import type { ToolContext } from '../../../lib/context/tool-context.js';
import { BaseLlm } from '../../../lib/models/base-llm.js';
import { Gemini } from '../../../lib/models/gemini.js';
import type { LlmRequest } from '../../../lib/models/llm-request.js';
import type { LlmResponse } from '../../../lib/models/llm-response.js';
import { BasePlugin } from '../../../lib/plugins/base-plugin.js';
import { FunctionTool } from '../../../lib/tools/function-tool.js';
import { ModelError } from '../../../lib/utils/errors.js';

/** A model made of a function (request, stream) → responses. */
class FnLlm extends BaseLlm {
  constructor(private readonly answer: (request: LlmRequest, stream: boolean) => Observable<LlmResponse>) {
    super({ model: 'fn-llm' });
  }

  generateContent(request: LlmRequest, stream = false): Observable<LlmResponse> {
    return defer(() => this.answer(request, stream));
  }
}

const text = (value: string, partial = false): LlmResponse => ({ content: { role: 'model', parts: [{ text: value }] }, ...(partial ? { partial } : {}) });
const call = (name: string, args: Record<string, unknown>): LlmResponse => ({ content: { role: 'model', parts: [{ functionCall: { name, args } }] } });

function lastOf(request: LlmRequest): Content | undefined {
  return request.contents.at(-1);
}

/**
 * `notes`: echoes text ("echo: <text>", in two chunks when streaming); "note: X" calls save_note,
 * which writes state `last_note` and the artifact `note.txt`; "count big" calls count_big, whose
 * result is a BigInt. A plugin `audit` sees beforeModel.
 */
function notesApp(): AgentApp {
  const saveNote = new FunctionTool<{ text: string }>({
    name: 'save_note',
    description: 'Saves a note.',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    execute: ({ text: note }, ctx: ToolContext) => {
      ctx.state.set('last_note', note);
      return ctx.saveArtifact('note.txt', { text: note }).pipe(map((version) => ({ saved: true, version })));
    },
  });
  const model = new FnLlm((request, stream) => {
    const last = lastOf(request);
    const response = last?.parts?.find((p) => p.functionResponse)?.functionResponse;
    if (response) return of(text(`Saved (${JSON.stringify(response.response)}).`));
    const said = last?.parts?.map((p) => p.text ?? '').join('') ?? '';
    if (said.startsWith('note: ')) return of(call('save_note', { text: said.slice(6) }));
    if (said === 'count big') return of(call('count_big', {}));
    return stream ? of(text('echo: ', true), text(said, true), text(`echo: ${said}`)) : of(text(`echo: ${said}`));
  });
  class Audit extends BasePlugin {
    constructor() {
      super('audit');
    }
    override beforeModelCallback(): undefined {
      return undefined;
    }
  }
  // a tool whose result JSON cannot represent: the model must get {error}, and the session stays servable
  const countBig = new FunctionTool({ name: 'count_big', description: 'Counts past 2^53.', execute: () => ({ n: 2n ** 64n }) });
  const rootAgent = new LlmAgent({ name: 'notes_agent', model, tools: [saveNote, countBig], beforeModelCallback: () => undefined });
  return { name: 'notes', rootAgent, plugins: [new Audit()] };
}

/** What the `slow` app's tool saw. */
export interface SlowProbe {
  started: Promise<void>;
  aborted: Promise<string>;
  abortCount: number;
}

/** `slow`: the model calls wait_forever, a tool that never answers and reports its abort signal. */
function slowApp(probe: { onStart: () => void; onAbort: (reason: string) => void }): AgentApp {
  const waitForever = new FunctionTool({
    name: 'wait_forever',
    description: 'Never answers.',
    execute: (_args, ctx: ToolContext) => {
      probe.onStart();
      ctx.abortSignal.addEventListener('abort', () => probe.onAbort(String(ctx.abortSignal.reason ?? 'aborted')), { once: true });
      return NEVER;
    },
  });
  const model = new FnLlm((request) => {
    const done = lastOf(request)?.parts?.some((p) => p.functionResponse);
    return of(done ? text('finished waiting') : call('wait_forever', {}));
  });
  return { name: 'slow', rootAgent: new LlmAgent({ name: 'slow_agent', model, tools: [waitForever] }), plugins: [] };
}

/** `broken`: the model call fails. */
function brokenApp(): AgentApp {
  const model = new FnLlm(() => throwError(() => new ModelError('The model is on fire.', { model: 'fn-llm', status: 500 })));
  return { name: 'broken', rootAgent: new LlmAgent({ name: 'broken_agent', model }), plugins: [] };
}

/** `gemini`: the real Gemini client, against a GeminiStandIn at `baseUrl`. */
function geminiApp(baseUrl: string): AgentApp {
  const model = new Gemini({ model: 'gemini-2.5-flash', apiKey: 'test-key', httpOptions: { baseUrl } });
  return { name: 'gemini', rootAgent: new LlmAgent({ name: 'gemini_agent', model }), plugins: [] };
}

/** The apps of the API tests, and probes into the `slow` app's tool. */
export function testApps(geminiBaseUrl: string): { apps: AgentApp[]; slow: SlowProbe } {
  let started!: () => void;
  let aborted!: (reason: string) => void;
  const slow: SlowProbe = {
    started: new Promise<void>((resolve) => (started = resolve)),
    aborted: new Promise<string>((resolve) => (aborted = resolve)),
    abortCount: 0,
  };
  const probe = {
    onStart: () => started(),
    onAbort: (reason: string) => {
      slow.abortCount++;
      aborted(reason);
    },
  };
  return { apps: [notesApp(), slowApp(probe), brokenApp(), geminiApp(geminiBaseUrl)], slow };
}
