import type { Content, FunctionCall } from '@google/genai';
import { EvalInputError } from './eval-input-error.js';
import { type EvalSet, userText } from './eval-set.js';

const ROW_KEYS = ['query', 'expected_tool_use', 'reference', 'expected_intermediate_agent_responses'];
const TOOL_KEYS = ['tool_name', 'tool_input', 'mock_tool_output'];

/**
 * The old `*.test.json` format (`[{query, expected_tool_use: [{tool_name, tool_input}], reference}]`)
 * as an eval set of one case named after the file, one invocation per row, as ADK's
 * `AgentEvaluator` migrates it. Unknown keys are refused with an {@link EvalInputError}.
 *
 * @example
 * ```ts
 * migrateOldEvalData([{ query: 'Hi', expected_tool_use: [], reference: 'Hello' }], 'a.test.json', 'a').evalCases.length; // 1
 * ```
 */
export function migrateOldEvalData(rows: readonly unknown[], source: string, evalSetId: string, initialState?: Record<string, unknown>): EvalSet {
  const conversation = rows.map((row, i) => {
    if (!row || typeof row !== 'object' || Array.isArray(row)) throw new EvalInputError(`Row ${i} of ${source} must be a JSON object.`, { file: source });
    const item = row as Record<string, unknown>;
    checkKeys(item, ROW_KEYS, `row ${i}`, source);
    if (typeof item['query'] !== 'string') throw new EvalInputError(`Row ${i} of ${source} needs a "query" string.`, { file: source, key: 'query' });
    const tools = Array.isArray(item['expected_tool_use']) ? item['expected_tool_use'] : [];
    const responses = Array.isArray(item['expected_intermediate_agent_responses']) ? item['expected_intermediate_agent_responses'] : [];
    return {
      invocationId: `${evalSetId}-${i}`,
      userContent: userText(item['query']),
      ...(typeof item['reference'] === 'string' ? { finalResponse: { role: 'model', parts: [{ text: item['reference'] }] } satisfies Content } : {}),
      intermediateData: {
        toolUses: tools.map((tool, j) => toolCall(tool, `row ${i}, expected_tool_use[${j}]`, source)),
        toolResponses: [],
        intermediateResponses: responses.map((r): [string, Content['parts'] & object] => {
          const { author, text } = (r ?? {}) as { author?: string; text?: string };
          return [String(author ?? ''), [{ text: String(text ?? '') }]];
        }),
      },
      creationTimestamp: 0,
    };
  });
  const sessionInput = initialState ? { sessionInput: { appName: '', userId: 'test_user', state: initialState } } : {};
  return { evalSetId, name: evalSetId, evalCases: [{ evalId: source, conversation, ...sessionInput, creationTimestamp: 0 }], creationTimestamp: 0 };
}

function toolCall(tool: unknown, where: string, source: string): FunctionCall {
  if (!tool || typeof tool !== 'object') throw new EvalInputError(`${where} of ${source} must be a JSON object.`, { file: source });
  const item = tool as Record<string, unknown>;
  checkKeys(item, TOOL_KEYS, where, source);
  return { name: String(item['tool_name'] ?? ''), args: (item['tool_input'] as Record<string, unknown> | undefined) ?? {} };
}

function checkKeys(item: Record<string, unknown>, allowed: readonly string[], where: string, source: string): void {
  const unknown = Object.keys(item).find((key) => !allowed.includes(key));
  if (unknown !== undefined) throw new EvalInputError(`Unknown key "${unknown}" in ${where} of ${source}. Known keys: ${allowed.join(', ')}.`, { file: source, key: unknown });
}
