// A small page over rxadk's AG-UI endpoint (POST /ag-ui/{app}) with @ag-ui/client's HttpAgent.
// Bundled by build.mjs (esbuild); the dev server serves it as its `ui` folder.
import { HttpAgent } from '@ag-ui/client';

const params = new URLSearchParams(location.search);
const app = params.get('app') ?? 'weather';
const agent = new HttpAgent({ url: `/ag-ui/${app}`, threadId: `thread-${Math.random().toString(36).slice(2)}` });

const transcript = document.querySelector<HTMLUListElement>('[data-testid="transcript"]')!;
const status = document.querySelector<HTMLParagraphElement>('[data-testid="status"]')!;
const state = document.querySelector<HTMLPreElement>('[data-testid="state"]')!;
const form = document.querySelector<HTMLFormElement>('form')!;
const input = document.querySelector<HTMLInputElement>('[data-testid="input"]')!;

/** Renders the agent's messages and state as @ag-ui/client applied them. */
function render(): void {
  transcript.replaceChildren(
    ...agent.messages.map((message) => {
      const item = document.createElement('li');
      item.dataset['testid'] = 'message';
      item.dataset['role'] = message.role;
      item.className = message.role;
      if (message.role === 'assistant') {
        for (const call of message.toolCalls ?? []) item.append(line('tool', `${call.function.name}(${call.function.arguments})`));
      }
      if (message.role === 'tool') item.append(line('tool', `→ ${String(message.content)}`));
      else if (typeof message.content === 'string' && message.content) item.append(line('text', message.content));
      return item;
    }),
  );
  state.textContent = JSON.stringify(agent.state);
}

function line(className: string, text: string): HTMLElement {
  const element = document.createElement('p');
  element.className = className;
  element.textContent = text;
  return element;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const text = input.value.trim();
  if (!text) return;
  input.value = '';
  agent.addMessage({ id: crypto.randomUUID(), role: 'user', content: text });
  render();
  status.textContent = 'running';
  agent
    .runAgent({}, { onTextMessageContentEvent: () => render(), onStateChanged: () => render(), onMessagesChanged: () => render() })
    .then(
      () => (status.textContent = 'done'),
      (error: unknown) => (status.textContent = `error: ${error instanceof Error ? error.message : String(error)}`),
    )
    .finally(render);
});
