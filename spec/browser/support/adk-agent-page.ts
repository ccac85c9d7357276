// The page of spec/browser/adk-agent-in-browser.spec.ts: rxadk/ag-ui's AdkAgent, bundled by esbuild
// for the browser, runs an agent in the page (no server) and writes what @ag-ui/client saw.
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import { AdkAgent } from '../../../lib/ag-ui/adk-agent.js';
import { App } from '../../../lib/apps/app.js';
import { FunctionTool } from '../../../lib/tools/function-tool.js';
import { ScriptedLlm } from '../../../lib/testing/scripted-llm.js';

const weather = new FunctionTool<{ city: string }>({ name: 'get_weather', description: 'Weather.', execute: ({ city }) => ({ city, sky: 'sunny' }) });
const model = new ScriptedLlm([
  { content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] } },
  [{ content: { role: 'model', parts: [{ text: 'Sunny ' }] } }, { content: { role: 'model', parts: [{ text: 'in Paris.' }] } }],
]);
const rootAgent = new LlmAgent({ name: 'weather', model, tools: [weather], afterToolCallback: (ctx) => void ctx.state.set('asked', 'Paris') });
const agent = new AdkAgent({ app: new App({ name: 'weather', rootAgent }), threadId: 'browser-thread' });
agent.addMessage({ id: 'u1', role: 'user', content: 'Weather in Paris?' });
const types: string[] = [];
agent
  .runAgent({}, { onEvent: ({ event }) => void types.push(event.type) })
  .then(
    ({ newMessages }) => ({ types, messages: newMessages, state: agent.state }),
    (error: Error) => ({ error: error.message, types }),
  )
  .then((result) => {
    document.getElementById('result')!.textContent = JSON.stringify(result);
  });
