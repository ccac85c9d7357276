// A small chat page over rxadk's useChat endpoint (POST /apps/{app}/chat), with @ai-sdk/react.
// Bundled by build.mjs (esbuild); the dev server serves it (rxadk web ... --ui examples/ai-sdk-chat/dist).
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from 'ai';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';

const params = new URLSearchParams(location.search);
const app = params.get('app') ?? 'weather';

type Part = UIMessage['parts'][number];
type ToolPart = Extract<Part, { toolCallId: string }> & { type: string; input?: unknown; output?: unknown };

function ToolCall({ part, answer }: { part: ToolPart; answer: (output: unknown) => void }) {
  const name = part.type.replace(/^tool-/, '');
  if (name === 'adk_request_confirmation') {
    const { toolConfirmation, originalFunctionCall } = (part.input ?? {}) as { toolConfirmation?: { hint?: string }; originalFunctionCall?: { name: string } };
    if (part.state !== 'input-available') {
      return <div className="tool" data-testid="confirmation">{originalFunctionCall?.name}: {(part.output as { confirmed?: boolean })?.confirmed ? 'approved' : 'rejected'}</div>;
    }
    return (
      <div className="tool waiting" data-testid="confirmation">
        <span>{toolConfirmation?.hint ?? `Allow ${originalFunctionCall?.name}?`}</span>
        <button data-testid="approve" onClick={() => answer({ confirmed: true })}>Approve</button>
        <button data-testid="reject" onClick={() => answer({ confirmed: false })}>Reject</button>
      </div>
    );
  }
  return (
    <div className="tool" data-testid="tool">
      {name}({JSON.stringify(part.input)}) {part.state === 'output-available' ? `→ ${JSON.stringify(part.output)}` : '…'}
    </div>
  );
}

function Message({ message, answer }: { message: UIMessage; answer: (part: ToolPart, output: unknown) => void }) {
  return (
    <li data-testid="message" data-role={message.role} className={message.role}>
      {message.parts.map((part, index) => {
        if (part.type === 'text') return <p key={index} className="text">{part.text}</p>;
        if (part.type.startsWith('tool-')) return <ToolCall key={index} part={part as ToolPart} answer={(output) => answer(part as ToolPart, output)} />;
        return null;
      })}
    </li>
  );
}

function Chat() {
  const chatId = useMemo(() => `chat-${Math.random().toString(36).slice(2)}`, []);
  const { messages, sendMessage, addToolOutput, status, error } = useChat({
    id: chatId,
    transport: new DefaultChatTransport({ api: `/apps/${app}/chat` }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
  });
  const [input, setInput] = useState('');
  const state = [...messages].reverse().flatMap((message) => message.parts).find((part) => part.type === 'data-state') as { data?: unknown } | undefined;
  const answer = (part: ToolPart, output: unknown) => void addToolOutput({ tool: part.type.replace(/^tool-/, '') as never, toolCallId: part.toolCallId, output: output as never });
  return (
    <main>
      <h1>rxadk · {app} · useChat</h1>
      <ul data-testid="transcript">{messages.map((message) => <Message key={message.id} message={message} answer={answer} />)}</ul>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!input.trim()) return;
          void sendMessage({ text: input });
          setInput('');
        }}
      >
        <input data-testid="input" value={input} onChange={(event) => setInput(event.target.value)} placeholder="What is the weather in Paris?" />
        <button data-testid="send" type="submit" disabled={status === 'submitted' || status === 'streaming'}>Send</button>
      </form>
      <p data-testid="status">{status}</p>
      {error ? <p data-testid="error">{error.message}</p> : null}
      <pre data-testid="state">{state ? JSON.stringify(state.data) : ''}</pre>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Chat />);
