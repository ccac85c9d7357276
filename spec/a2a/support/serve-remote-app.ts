// A second rxadk process for the A2A tests: the DevServer of `rxadk api_server --a2a` over one
// app, `weather`, whose model is scripted: it asks the manager (a long-running tool), then answers;
// the text "slow" makes it call a tool that never ends (and logs "aborted" when its call is aborted).
// Prints "listening <url>" once it accepts connections. Run it transpiled (spec/fixtures/persistence/transpile-for-child.ts).
import { NEVER, Observable } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import { DevServer } from '../../../lib/server/dev-server.js';
import { appSourceOf } from '../../../lib/server/app-source.js';
import { getSessionServiceFromUri } from '../../../lib/services/get-session-service-from-uri.js';
import { FunctionTool } from '../../../lib/tools/function-tool.js';
import { ScriptedLlm } from '../../../lib/testing/scripted-llm.js';
import type { LlmRequest } from '../../../lib/models/llm-request.js';

const call = (name: string) => ({ content: { role: 'model', parts: [{ functionCall: { id: `call-${name}`, name, args: {} } }] } });
/** Every call answers from the conversation: after the manager's answer, the text; on "slow", the endless tool; else, ask. */
const answer = (request: LlmRequest) => {
  const contents = JSON.stringify(request.contents);
  if (contents.includes('"approved"')) return { content: { role: 'model', parts: [{ text: 'Approved: it is sunny in Paris.' }] } };
  return contents.includes('slow') ? call('slow_report') : call('ask_manager');
};
const model = new ScriptedLlm(Array.from({ length: 20 }, () => answer));
const askManager = new FunctionTool({ name: 'ask_manager', description: 'Asks the manager.', isLongRunning: true, execute: () => undefined });
const slow = new FunctionTool({
  name: 'slow_report',
  description: 'Never ends.',
  execute: (_args, ctx) =>
    new Observable<unknown>((subscriber) => {
      console.log('slow started');
      ctx.abortSignal.addEventListener('abort', () => console.log('aborted'));
      return NEVER.subscribe(subscriber);
    }),
});
const rootAgent = new LlmAgent({ name: 'weather_agent', description: 'Answers about the weather.', model, instruction: 'Be brief.', tools: [askManager, slow] });

getSessionServiceFromUri(process.argv[2] ?? 'memory://').subscribe((sessionService) =>
  DevServer.start({ apps: appSourceOf([{ name: 'weather', rootAgent, plugins: [] }]), sessionService, port: 0, ui: false, a2a: true }).subscribe((server) =>
    console.log(`listening ${server.url}`),
  ),
);
