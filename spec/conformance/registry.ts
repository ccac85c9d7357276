/**
 * TypeScript equivalents of the Python functions Google ADK's conformance cases refer to by
 * dotted name (see ../shared/conformance/README.md). `rxadk conformance <dir> --registry
 * dist/spec/conformance/registry.js` loads it.
 */
import type { Content } from '@google/genai';
import type { AgentRegistry } from '../../lib/config/agent-registry.js';
import type { CallbackContext } from '../../lib/context/callback-context.js';
import type { FunctionToolConfig } from '../../lib/tools/function-tool.js';

const BEFORE_KEY = 'before_agent_callback_state_key';
const AFTER_KEY = 'after_agent_callback_state_key';
const EMAIL = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

/** `type(x)` as Python prints it, for create_booking's echo of its argument types. */
function pythonType(value: unknown): string {
  if (typeof value === 'boolean') return "<class 'bool'>";
  if (typeof value === 'number') return Number.isInteger(value) ? "<class 'int'>" : "<class 'float'>";
  if (typeof value === 'string') return "<class 'str'>";
  if (value === null || value === undefined) return "<class 'NoneType'>";
  return Array.isArray(value) ? "<class 'list'>" : "<class 'dict'>";
}

const validateEmail: FunctionToolConfig<{ email: string }> = {
  name: 'validate_email',
  description: 'Checks if the provided string is a valid email format.',
  parameters: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
  execute: ({ email }) => EMAIL.test(email),
};

const getUserId: FunctionToolConfig<{ email: string }> = {
  name: 'get_user_id',
  description: 'Retrieves a user ID based on their email.',
  parameters: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
  // The Python original makes up an id; the recording holds the one it made (replayed, see replayTools).
  execute: ({ email }) => {
    if (!EMAIL.test(email)) throw new Error(`Invalid email format: ${email}`);
    return [...email].reduce((hash, ch) => (hash * 31 + ch.charCodeAt(0)) % 9000, 0) + 1000;
  },
};

const createBooking: FunctionToolConfig<{ user_id: number; is_confirmed: boolean; details: string }> = {
  name: 'create_booking',
  description:
    'Creates a booking for a user.\n\n  Args:\n    user_id: The unique identifier for the user.\n    is_confirmed: Whether the booking is confirmed.\n    details: Any additional details for the booking.\n\n  Returns:\n    A dictionary containing the booking information and the types of the\n    received arguments.\n  ',
  parameters: {
    type: 'object',
    properties: { user_id: { type: 'integer' }, is_confirmed: { type: 'boolean' }, details: { type: 'string' } },
    required: ['user_id', 'is_confirmed', 'details'],
  },
  execute: ({ user_id, is_confirmed, details }) => ({
    user_id,
    is_confirmed,
    details,
    user_id_type: pythonType(user_id),
    is_confirmed_type: pythonType(is_confirmed),
    details_type: pythonType(details),
  }),
};

/** The dotted names of the suite's agent configs. */
export const registry: AgentRegistry = {
  'callback_agent_001.callbacks.before_agent_callback1': (ctx: CallbackContext) => void ctx.state.set(BEFORE_KEY, 'value1'),
  'callback_agent_001.callbacks.before_agent_callback2': (ctx: CallbackContext) =>
    void ctx.state.set(BEFORE_KEY, `${ctx.state.get<string>(BEFORE_KEY) ?? ''}+value2`),
  'callback_agent_003.callbacks.after_agent_callback1': (ctx: CallbackContext) => void ctx.state.set(AFTER_KEY, 'value1'),
  'callback_agent_003.callbacks.after_agent_callback2': (ctx: CallbackContext) =>
    void ctx.state.set(AFTER_KEY, `${ctx.state.get<string>(AFTER_KEY) ?? ''}+value2`),
  'callback_agent_002.callbacks.shortcut_agent_execution': (ctx: CallbackContext): Content | undefined => {
    if (ctx.state.get('conversation_limit_reached')) {
      return { role: 'model', parts: [{ text: 'Sorry, you have reached the limit of the conversation.' }] };
    }
    ctx.state.set('conversation_limit_reached', 'True');
    return undefined;
  },
  'tools_agent_002.tools.validate_email': validateEmail as FunctionToolConfig,
  'tools_agent_002.tools.get_user_id': getUserId as FunctionToolConfig,
  'tools_agent_002.tools.create_booking': createBooking as FunctionToolConfig,
};

/** Tools whose results come from the recording: get_user_id's id was made up by the Python original. */
export const replayTools = ['get_user_id'];
