import type { BaseAgent } from '../agents/base-agent.js';
import type { BasePlugin } from '../plugins/base-plugin.js';
import { WorkflowRecordingError } from './workflow-recording-error.js';
import type { MockedFunctions } from './recorded-mocks.js';

/** The ported sample a workflow recording replays through. */
export interface WorkflowApp {
  /** Builds the app's root agent, taking the Python functions the recording mocks from `mocks`. */
  createRootAgent(mocks: MockedFunctions): BaseAgent;
  /** The plugins the app asks for. */
  plugins?: readonly BasePlugin[];
}

/**
 * The {@link WorkflowApp} of an app module: its `createRootAgent(mocks)` when it exports one (the
 * samples that use randomness), else its `rootAgent` (or `root_agent`, or default export), with
 * its `plugins`. `source` names the module in the error when it exports no agent.
 *
 * @example
 * ```ts
 * workflowAppOf(await import('./examples/workflows/loop_self/agent.js'), 'loop_self').createRootAgent(new Map());
 * ```
 */
export function workflowAppOf(module: Readonly<Record<string, unknown>>, source: string): WorkflowApp {
  const plugins = Array.isArray(module['plugins']) ? (module['plugins'] as BasePlugin[]) : [];
  const create = module['createRootAgent'];
  if (typeof create === 'function') return { createRootAgent: (mocks) => (create as WorkflowApp['createRootAgent'])(mocks), plugins };
  const rootAgent = (module['rootAgent'] ?? module['root_agent'] ?? module['default']) as BaseAgent | undefined;
  if (!rootAgent) throw new WorkflowRecordingError(source, 'the app exports neither createRootAgent(mocks) nor rootAgent');
  return { createRootAgent: () => rootAgent, plugins };
}
