import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentCard, Message, Part } from '@a2a-js/sdk';
import { type AgentExecutionEvent, type AgentExecutor, DefaultRequestHandler, type ExecutionEventBus, InMemoryTaskStore, type RequestContext } from '@a2a-js/sdk/server';
import { agentCardHandler, jsonRpcHandler, UserBuilder } from '@a2a-js/sdk/server/express';
import express from 'express';

/** What the scripted executor saw: each turn's task id (as sent), text, and the canceled tasks. */
export interface ScriptedLog {
  turns: { taskId: string; sentTaskId: string; text: string }[];
  canceled: string[];
  /** "hang late" publishes its task only once this is called (set when such a turn starts). */
  releaseTask?: () => void;
}

const part = (text: string): Part => ({ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: 'text/plain' });
const agentMessage = (taskId: string, contextId: string, text: string): Message => ({
  messageId: `a-${Math.random().toString(36).slice(2)}`, contextId, taskId, role: 2 as Message['role'], parts: [part(text)], metadata: undefined, extensions: [], referenceTaskIds: [],
});

/**
 * An A2A agent built only from @a2a-js/sdk (DefaultRequestHandler, InMemoryTaskStore, the SDK's
 * Express handlers): a new task streams two chunks and asks "Which city?" (input-required); the
 * answer streams "Sunny in <city>" and completes; the text "hang" works until canceled; "hang late"
 * too, but names its task only when the test calls `log.releaseTask()`.
 */
class ScriptedExecutor implements AgentExecutor {
  private readonly waiting = new Map<string, () => void>();
  constructor(private readonly log: ScriptedLog) {}

  async execute(request: RequestContext, bus: ExecutionEventBus): Promise<void> {
    const { taskId, contextId } = request;
    const text = request.userMessage.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');
    this.log.turns.push({ taskId, sentTaskId: request.userMessage.taskId, text });
    const publish = (event: AgentExecutionEvent) => bus.publish(event);
    if (text === 'hang late') await new Promise<void>((resolve) => (this.log.releaseTask = resolve));
    publish({ kind: 'task', data: request.task ?? { id: taskId, contextId, status: { state: 1, message: undefined, timestamp: new Date().toISOString() }, artifacts: [], history: [request.userMessage], metadata: {} } });
    const chunk = (value: string, append: boolean, lastChunk: boolean) =>
      publish({ kind: 'artifactUpdate', data: { taskId, contextId, artifact: { artifactId: `${taskId}-answer-${this.log.turns.length}`, name: '', description: '', parts: [part(value)], metadata: undefined, extensions: [] }, append, lastChunk, metadata: {} } });
    const status = (state: number, message?: Message) => publish({ kind: 'statusUpdate', data: { taskId, contextId, status: { state, message, timestamp: new Date().toISOString() }, metadata: {} } });
    if (text === 'hang' || text === 'hang late') {
      status(2);
      await new Promise<void>((resolve) => this.waiting.set(taskId, resolve));
      return;
    }
    if (!request.task) {
      chunk('Let me ', false, false);
      chunk('check. ', true, true);
      status(6, agentMessage(taskId, contextId, 'Which city?'));
      return;
    }
    status(2);
    chunk('Sunny in ', false, false);
    chunk(text, true, true);
    status(3);
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    this.log.canceled.push(taskId);
    bus.publish({ kind: 'statusUpdate', data: { taskId, contextId: '', status: { state: 5, message: undefined, timestamp: new Date().toISOString() }, metadata: {} } });
    this.waiting.get(taskId)?.();
  }
}

/** Starts the scripted SDK server on 127.0.0.1; its card is at `<url>.well-known/agent-card.json`. */
export async function startScriptedA2aServer(): Promise<{ url: string; log: ScriptedLog; close: () => Promise<void> }> {
  const log: ScriptedLog = { turns: [], canceled: [] };
  const app = express();
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const card: AgentCard = {
    name: 'scripted', description: 'A scripted A2A agent', version: '1.0.0', provider: undefined,
    supportedInterfaces: [{ url, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' }],
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {}, securityRequirements: [], defaultInputModes: ['text/plain'], defaultOutputModes: ['text/plain'], skills: [], signatures: [],
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new ScriptedExecutor(log));
  app.use('/.well-known/agent-card.json', agentCardHandler({ agentCardProvider: handler }));
  app.use('/', jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
  return { url, log, close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}
