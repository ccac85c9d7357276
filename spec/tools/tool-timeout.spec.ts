import { LongRunningFunctionTool } from '../../lib/tools/long-running-function-tool.js';
import { FunctionTool } from '../../lib/tools/function-tool.js';
import { MAX_TOOL_TIMEOUT_MS, toolTimeoutOf } from '../../lib/tools/tool-timeout.js';

const tool = (timeoutMs?: number) =>
  new FunctionTool({ name: 't', description: 'A tool.', execute: () => 'ok', ...(timeoutMs !== undefined ? { timeoutMs } : {}) });

describe('tool timeouts: config', () => {
  it('FunctionTool passes timeoutMs on to BaseTool (readonly field, undefined by default)', () => {
    expect(tool(250).timeoutMs).toBe(250);
    expect(tool().timeoutMs).toBeUndefined();
  });

  it('LongRunningFunctionTool takes timeoutMs as well', () => {
    const lr = new LongRunningFunctionTool({ name: 'lr', description: 'Starts a job.', execute: () => undefined, timeoutMs: 900 });
    expect(lr.timeoutMs).toBe(900);
  });
});

describe('toolTimeoutOf', () => {
  it('has no timeout by default (neither the tool nor the run sets one)', () => {
    expect(toolTimeoutOf(tool(), {})).toBeUndefined();
    expect(toolTimeoutOf(tool(), undefined)).toBeUndefined();
  });

  it("uses the run's toolTimeoutMs for a tool without its own", () => {
    expect(toolTimeoutOf(tool(), { toolTimeoutMs: 30_000 })).toBe(30_000);
  });

  it("lets the tool's own timeoutMs win, shorter or longer", () => {
    expect(toolTimeoutOf(tool(500), { toolTimeoutMs: 30_000 })).toBe(500);
    expect(toolTimeoutOf(tool(60_000), { toolTimeoutMs: 30_000 })).toBe(60_000);
    expect(toolTimeoutOf(tool(500), {})).toBe(500);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('a winning value of %p means no timeout (a tool can opt out of the run\'s)', (value) => {
    expect(toolTimeoutOf(tool(value), { toolTimeoutMs: 30_000 })).toBeUndefined();
    expect(toolTimeoutOf(tool(), { toolTimeoutMs: value })).toBeUndefined();
  });

  it('ignores a non-number run setting (e.g. from untyped JSON)', () => {
    expect(toolTimeoutOf(tool(), { toolTimeoutMs: '100' as unknown as number })).toBeUndefined();
  });

  it("clamps to the longest timer Node keeps (setTimeout would fire after 1 ms beyond it)", () => {
    expect(toolTimeoutOf(tool(1e12), {})).toBe(MAX_TOOL_TIMEOUT_MS);
    expect(toolTimeoutOf(tool(), { toolTimeoutMs: 2 ** 31 })).toBe(2 ** 31 - 1);
  });

  it('accepts any object with a timeoutMs (any BaseTool, an MCP tool)', () => {
    expect(toolTimeoutOf({ timeoutMs: 42 }, { toolTimeoutMs: 1 })).toBe(42);
    expect(toolTimeoutOf({}, { toolTimeoutMs: 7 })).toBe(7);
  });
});
