import type { Content } from '@google/genai';
import { camelCase, camelCaseData } from './camel-case-data.js';
import { EvalInputError } from './eval-input-error.js';
import type { EvalCase, EvalSet, IntermediateData, Invocation, InvocationEvents, SessionInput } from './eval-set.js';
import { migrateOldEvalData } from './migrate-old-eval-data.js';

type Json = Record<string, unknown>;

/** The keys each level of an eval set may have (camelCase; the snake_case spellings are accepted too). */
const KEYS = {
  evalSet: ['evalSetId', 'name', 'description', 'evalCases', 'creationTimestamp'],
  evalCase: ['evalId', 'conversation', 'conversationScenario', 'sessionInput', 'creationTimestamp', 'rubrics', 'finalSessionState'],
  invocation: ['invocationId', 'userContent', 'finalResponse', 'intermediateData', 'creationTimestamp', 'rubrics', 'appDetails'],
  intermediateData: ['toolUses', 'toolResponses', 'intermediateResponses'],
  invocationEvents: ['invocationEvents'],
  invocationEvent: ['author', 'content'],
  sessionInput: ['appName', 'userId', 'state'],
} as const;

/**
 * Reads an eval set from parsed JSON, as ADK reads `*.evalset.json` (and `*.test.json`): either
 * case for keys, `null` for absent, both forms of intermediate data (`tool_uses` /
 * `intermediate_responses`, or `invocation_events`), and the old `[{query, expected_tool_use,
 * reference}]` list migrated ({@link migrateOldEvalData}). A key ADK does not know is refused
 * with an {@link EvalInputError} naming the key and `source` (the file).
 *
 * @example
 * ```ts
 * const set = parseEvalSet(JSON.parse(text), 'home.evalset.json');
 * set.evalCases[0]!.conversation![0]!.userContent; // { role: 'user', parts: [{ text: '…' }] }
 * ```
 */
export function parseEvalSet(json: unknown, source: string, fallbackId = setIdOf(source)): EvalSet {
  if (Array.isArray(json)) return migrateOldEvalData(json, source, fallbackId);
  const set = objectAt(json, 'the eval set', source);
  checkKeys(set, KEYS.evalSet, 'the eval set', source);
  const cases = arrayAt(set['evalCases'] ?? [], 'evalCases', source);
  return {
    evalSetId: stringAt(set['evalSetId'] ?? fallbackId, 'evalSetId', source),
    ...(typeof set['name'] === 'string' ? { name: set['name'] } : {}),
    ...(typeof set['description'] === 'string' ? { description: set['description'] } : {}),
    evalCases: cases.map((c, i) => parseEvalCase(c, `evalCases[${i}]`, source)),
    creationTimestamp: numberOr(set['creationTimestamp'], 0),
  };
}

/**
 * One eval case (the body adk-web PUTs, or an element of `eval_cases`), checked as {@link parseEvalSet} checks it.
 *
 * @example
 * ```ts
 * parseEvalCase({ eval_id: 'c1', conversation: [] }, 'evalCases[0]', 'PUT body').evalId; // 'c1'
 * ```
 */
export function parseEvalCase(json: unknown, where: string, source: string): EvalCase {
  const item = objectAt(json, where, source);
  checkKeys(item, KEYS.evalCase, where, source);
  const conversation = item['conversation'];
  const scenario = item['conversationScenario'];
  const session = item['sessionInput'];
  return {
    evalId: stringAt(item['evalId'], `${where}.evalId`, source),
    ...(conversation != null ? { conversation: arrayAt(conversation, `${where}.conversation`, source).map((inv, i) => parseInvocation(inv, `${where}.conversation[${i}]`, source)) } : {}),
    ...(scenario != null ? { conversationScenario: scenario } : {}),
    ...(session != null ? { sessionInput: parseSessionInput(session, `${where}.sessionInput`, source) } : {}),
    ...(item['finalSessionState'] != null ? { finalSessionState: objectAt(item['finalSessionState'], `${where}.finalSessionState`, source) } : {}),
    creationTimestamp: numberOr(item['creationTimestamp'], 0),
  };
}

function parseInvocation(json: unknown, where: string, source: string): Invocation {
  const item = objectAt(json, where, source);
  checkKeys(item, KEYS.invocation, where, source);
  const intermediate = item['intermediateData'];
  return {
    invocationId: typeof item['invocationId'] === 'string' ? item['invocationId'] : '',
    userContent: contentAt(item['userContent'], `${where}.userContent`, source),
    ...(item['finalResponse'] != null ? { finalResponse: contentAt(item['finalResponse'], `${where}.finalResponse`, source) } : {}),
    ...(intermediate != null ? { intermediateData: parseIntermediateData(intermediate, `${where}.intermediateData`, source) } : {}),
    creationTimestamp: numberOr(item['creationTimestamp'], 0),
  };
}

function parseIntermediateData(json: unknown, where: string, source: string): IntermediateData | InvocationEvents {
  const item = objectAt(json, where, source);
  if (Object.hasOwn(item, 'invocationEvents')) {
    checkKeys(item, KEYS.invocationEvents, where, source);
    return {
      invocationEvents: arrayAt(item['invocationEvents'], `${where}.invocationEvents`, source).map((e, i) => {
        const event = objectAt(e, `${where}.invocationEvents[${i}]`, source);
        checkKeys(event, KEYS.invocationEvent, `${where}.invocationEvents[${i}]`, source);
        const content = event['content'];
        return { author: String(event['author'] ?? ''), ...(content != null ? { content: contentAt(content, `${where}.invocationEvents[${i}].content`, source) } : {}) };
      }),
    };
  }
  checkKeys(item, KEYS.intermediateData, where, source);
  return {
    toolUses: arrayAt(item['toolUses'] ?? [], `${where}.toolUses`, source).map((call) => dataOf(call) as IntermediateData['toolUses'][number]),
    toolResponses: arrayAt(item['toolResponses'] ?? [], `${where}.toolResponses`, source).map((r) => dataOf(r) as IntermediateData['toolResponses'][number]),
    intermediateResponses: arrayAt(item['intermediateResponses'] ?? [], `${where}.intermediateResponses`, source).map(
      (pair) => dataOf(pair) as IntermediateData['intermediateResponses'][number],
    ),
  };
}

function parseSessionInput(json: unknown, where: string, source: string): SessionInput {
  const item = objectAt(json, where, source);
  checkKeys(item, KEYS.sessionInput, where, source);
  return {
    appName: String(item['appName'] ?? ''),
    userId: String(item['userId'] ?? 'user'),
    state: item['state'] != null ? objectAt(item['state'], `${where}.state`, source) : {},
  };
}

/** genai data (a Content, a FunctionCall): camelCase keys, nulls dropped, `args` and `response` kept as they are. */
function dataOf(value: unknown): unknown {
  return camelCaseData(value);
}

function contentAt(value: unknown, where: string, source: string): Content {
  objectAt(value, where, source);
  return dataOf(value) as Content;
}

/** The object at `where` with camelCase keys (the snake_case spelling of each key is its camelCase one). */
function objectAt(value: unknown, where: string, source: string): Json {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new EvalInputError(`${where} in ${source} must be a JSON object.`, { file: source });
  return Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [camelCase(k), v]));
}

function arrayAt(value: unknown, where: string, source: string): unknown[] {
  if (!Array.isArray(value)) throw new EvalInputError(`${where} in ${source} must be a JSON array.`, { file: source });
  return value;
}

function stringAt(value: unknown, where: string, source: string): string {
  if (typeof value !== 'string' || value === '') throw new EvalInputError(`${where} in ${source} must be a non-empty string.`, { file: source });
  return value;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function checkKeys(item: Json, allowed: readonly string[], where: string, source: string): void {
  const unknown = Object.keys(item).find((key) => !allowed.includes(key));
  if (unknown !== undefined) {
    throw new EvalInputError(`Unknown key "${snakeCase(unknown)}" in ${where} of ${source}. Known keys: ${allowed.map(snakeCase).join(', ')}.`, { file: source, key: unknown });
  }
}

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** `dir/home.evalset.json` → `home`; `dir/simple.test.json` → `simple`. */
function setIdOf(source: string): string {
  const base = source.split(/[\\/]/).pop() ?? source;
  return base.replace(/(\.evalset|\.test)?\.json$/, '') || 'eval_set';
}
