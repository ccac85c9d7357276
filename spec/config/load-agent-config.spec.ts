import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { LoopAgent } from '../../lib/agents/loop-agent.js';
import { ParallelAgent } from '../../lib/agents/parallel-agent.js';
import { SequentialAgent } from '../../lib/agents/sequential-agent.js';
import { loadAgentConfig } from '../../lib/config/load-agent-config.js';
import type { CallbackContext } from '../../lib/context/callback-context.js';
import { InMemoryRunner } from '../../lib/runner/in-memory-runner.js';
import { AgentTool } from '../../lib/runner/agent-tool.js';
import { ScriptedLlm } from '../../lib/testing/scripted-llm.js';
import { ExampleTool } from '../../lib/tools/example-tool.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { GoogleSearchTool } from '../../lib/tools/google-search-tool.js';
import { LongRunningFunctionTool } from '../../lib/tools/long-running-function-tool.js';
import { AgentConfigError } from '../../lib/utils/errors.js';
import { text, user } from '../support/llm.js';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'rxadk-config-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, yaml: string): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, yaml);
  return path;
}

describe('loadAgentConfig', () => {
  it('builds an LlmAgent with its options, callbacks and generate_content_config in camelCase', async () => {
    const seen: string[] = [];
    const root = loadAgentConfig(
      file(
        'root_agent.yaml',
        `name: helper
model: gemini-2.5-flash
description: Helps.
instruction: Be kind.
global_instruction: Be safe.
output_key: answer
include_contents: none
disallow_transfer_to_parent: true
generate_content_config:
  temperature: 0.2
  max_output_tokens: 100
before_agent_callbacks:
  - name: app.cb.first
  - name: app.cb.second
`,
      ),
      { registry: { 'app.cb.first': () => void seen.push('first'), 'app.cb.second': (ctx: CallbackContext) => void seen.push(ctx.agentName) } },
    ) as LlmAgent;
    expect(root).toBeInstanceOf(LlmAgent);
    expect([root.name, root.model, root.description, root.instruction, root.outputKey, root.includeContents, root.disallowTransferToParent]).toEqual([
      'helper',
      'gemini-2.5-flash',
      'Helps.',
      'Be kind.',
      'answer',
      'none',
      true,
    ]);
    expect(root.generateContentConfig).toEqual({ temperature: 0.2, maxOutputTokens: 100 });
    expect(root.globalInstruction).toBe('Be safe.');
    root.model = new ScriptedLlm([text('hi')]);
    await lastValueFrom(new InMemoryRunner({ agent: root, autoCreateSession: true }).runAsync({ userId: 'u', sessionId: 's', newMessage: user('x') }).pipe(toArray()));
    expect(seen).toEqual(['first', 'helper']);
  });

  it('loads sub_agents by config_path relative to the referring file, and workflow classes', () => {
    file('nested/child.yaml', 'agent_class: LoopAgent\nname: loop\nmax_iterations: 3\nsub_agents:\n  - config_path: leaf.yaml\n');
    file('nested/leaf.yaml', 'name: leaf\nmodel: gemini-2.5-flash\n');
    file('par.yaml', 'agent_class: ParallelAgent\nname: par\n');
    const root = loadAgentConfig(
      file('root_agent.yaml', 'agent_class: SequentialAgent\nname: seq\nsub_agents:\n  - config_path: nested/child.yaml\n  - config_path: par.yaml\n'),
    );
    expect(root).toBeInstanceOf(SequentialAgent);
    const loop = root.findAgent('loop') as LoopAgent;
    expect(loop).toBeInstanceOf(LoopAgent);
    expect(loop.maxIterations).toBe(3);
    expect(loop.findAgent('leaf')).toBeInstanceOf(LlmAgent);
    expect(root.findAgent('par')).toBeInstanceOf(ParallelAgent);
  });

  it('builds every kind of tool', () => {
    file('inner.yaml', 'name: inner\nmodel: gemini-2.5-flash\ndescription: Inner.\n');
    const lookup = { name: 'lookup', description: 'Looks up.', parameters: { type: 'object', properties: { q: { type: 'string' } } }, execute: () => 'x' };
    const approve = { name: 'approve', description: 'Approves.', execute: () => undefined };
    const root = loadAgentConfig(
      file(
        'root_agent.yaml',
        `name: tooled
model: gemini-2.5-flash
tools:
  - name: google_search
  - name: app.tools.lookup
  - name: AgentTool
    args:
      agent:
        config_path: inner.yaml
      skip_summarization: true
  - name: LongRunningFunctionTool
    args:
      func: app.tools.approve
  - name: ExampleTool
    args:
      examples:
        - input: {role: user, parts: [{text: hi}]}
          output: [{role: model, parts: [{function_call: {name: lookup, args: {q: hi}}}]}]
`,
      ),
      { registry: { 'app.tools.lookup': lookup, 'app.tools.approve': approve } },
    ) as LlmAgent;
    const [search, fn, agentTool, longRunning, examples] = root.tools;
    expect(search).toBeInstanceOf(GoogleSearchTool);
    expect(fn).toBeInstanceOf(FunctionTool);
    expect((agentTool as AgentTool).agent.name).toBe('inner');
    expect((agentTool as AgentTool).skipSummarization).toBe(true);
    expect((longRunning as LongRunningFunctionTool).isLongRunning).toBe(true);
    expect((examples as ExampleTool).examples[0]!.output[0]!.parts![0]!.functionCall).toEqual({ name: 'lookup', args: { q: 'hi' } });
  });

  it('names the file and the key for unknown names, classes and bad values', () => {
    const path = file('root_agent.yaml', 'name: a\ntools:\n  - name: app.tools.missing\n');
    expect(() => loadAgentConfig(path)).toThrow(AgentConfigError);
    expect(() => loadAgentConfig(path)).toThrow(/root_agent\.yaml \(agent "a"\): tools\[0\]\.name "app\.tools\.missing" is not in the registry/);
    expect(() => loadAgentConfig(file('b.yaml', 'name: b\nagent_class: MagicAgent\n'))).toThrow(/b\.yaml \(agent "b"\): agent_class unknown agent class "MagicAgent"/);
    expect(() => loadAgentConfig(file('c.yaml', 'description: no name\n'))).toThrow(/c\.yaml: name is required/);
    expect(() => loadAgentConfig(file('d.yaml', 'name: d\nmax_iterations: many\nagent_class: LoopAgent\n'))).toThrow(/max_iterations must be a number/);
    expect(() => loadAgentConfig(file('e.yaml', 'name: e\nbefore_model_callbacks:\n  - name: x\n'), { registry: { x: { not: 'a function' } } })).toThrow(
      /before_model_callbacks\[0\]\.name registry\["x"\] is not a callback function/,
    );
    expect(() => loadAgentConfig(join(dir, 'missing.yaml'))).toThrow(/Cannot read agent config/);
  });

  it('refuses a config_path cycle', () => {
    file('x.yaml', 'name: x\nsub_agents:\n  - config_path: y.yaml\n');
    file('y.yaml', 'name: y\nsub_agents:\n  - config_path: x.yaml\n');
    expect(() => loadAgentConfig(join(dir, 'x.yaml'))).toThrow(/refers to itself through config_path/);
  });
});
