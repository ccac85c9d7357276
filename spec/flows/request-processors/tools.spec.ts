import type { FunctionDeclaration, Tool } from '@google/genai';
import { lastValueFrom, type Observable, timer, map, toArray } from 'rxjs';
import { LlmAgent } from '../../../lib/agents/llm-agent.js';
import type { ToolContext } from '../../../lib/context/tool-context.js';
import { toolsRequestProcessor } from '../../../lib/flows/request-processors/tools.js';
import { appendFunctionDeclarations, createLlmRequest, type LlmRequest } from '../../../lib/models/llm-request.js';
import { ScriptedLlm } from '../../../lib/testing/scripted-llm.js';
import { BaseTool } from '../../../lib/tools/base-tool.js';
import { FunctionTool } from '../../../lib/tools/function-tool.js';
import { directInvocation } from '../../support/invocation.js';
import { testScheduler } from '../../support/test-scheduler.js';

const plain = (name: string) => new FunctionTool({ name, description: name, parameters: { type: 'object', properties: {} }, execute: () => ({ ok: true }) });

/** A tool that adds itself on its own, after `wait` (or at once), and records the context it got. */
class OwnWay extends BaseTool {
  constructor(
    name: string,
    private readonly contexts: ToolContext[],
    private readonly wait?: Observable<unknown>,
  ) {
    super({ name, description: name });
  }

  override getDeclaration(): FunctionDeclaration {
    return { name: this.name, description: 'own way' };
  }

  override processLlmRequest(ctx: ToolContext, request: LlmRequest): Observable<void> | void {
    this.contexts.push(ctx);
    const add = () => appendFunctionDeclarations(request, [{ declaration: this.getDeclaration(), tool: this }]);
    if (!this.wait) return add();
    return this.wait.pipe(map(() => add()));
  }
}

const names = (request: LlmRequest) => ((request.config.tools ?? []) as Tool[]).flatMap((tool) => tool.functionDeclarations ?? []).map((d) => d.name);
const agentWith = (tools: BaseTool[]) => new LlmAgent({ name: 'a', model: new ScriptedLlm([]), tools });

describe('toolsRequestProcessor', () => {
  it('adds every tool\'s declaration in order at once when none waits (nothing to subscribe to)', () => {
    const contexts: ToolContext[] = [];
    const agent = agentWith([plain('a'), new OwnWay('b', contexts), plain('c'), new OwnWay('d', contexts)]);
    const request = createLlmRequest();
    expect(toolsRequestProcessor(directInvocation(agent), agent, request)).toBeUndefined();
    expect(names(request)).toEqual(['a', 'b', 'c', 'd']);
    expect(Object.keys(request.toolsDict)).toEqual(['a', 'b', 'c', 'd']);
    expect(contexts).toHaveLength(2);
    expect(contexts[0]).toBe(contexts[1]);
    expect(contexts[0]!.functionCallId).toBe('');
  });

  it('waits for a tool that adds itself later, and adds the ones after it afterwards (marbles)', () => {
    testScheduler().run(({ cold, expectObservable, expectSubscriptions, flush }) => {
      const contexts: ToolContext[] = [];
      const wait = cold('--x|');
      const agent = agentWith([plain('a'), new OwnWay('b', contexts, wait), plain('c'), new OwnWay('d', contexts)]);
      const request = createLlmRequest();
      const pending = toolsRequestProcessor(directInvocation(agent), agent, request)!;
      expect(names(request)).toEqual(['a']);
      expectObservable(pending).toBe('---|');
      expectSubscriptions(wait.subscriptions).toBe('^--!');
      flush();
      expect(names(request)).toEqual(['a', 'b', 'c', 'd']);
      expect(contexts).toHaveLength(2);
      expect(contexts[0]).toBe(contexts[1]);
    });
  });

  it('passes the error of a waiting tool on, and adds none after it', async () => {
    const agent = agentWith([new OwnWay('b', [], timer(1).pipe(map(() => { throw new Error('no declaration'); }))), plain('c')]);
    const request = createLlmRequest();
    await expect(lastValueFrom(toolsRequestProcessor(directInvocation(agent), agent, request)!.pipe(toArray()))).rejects.toThrow('no declaration');
    expect(names(request)).toEqual([]);
  });
});
