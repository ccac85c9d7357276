import type { Content } from '@google/genai';
import { camelizeKeys } from '../config/camelize-keys.js';

/**
 * The parts of a model request the conformance comparison looks at, normalised as the suite's
 * README says: model, contents (function-call ids dropped) and config without `httpOptions`,
 * `labels`, `liveConnectConfig`; tool declarations with types in one case and no
 * `title`/`default`/`response`.
 *
 * @example
 * ```ts
 * normalizeRequest(recordedSnakeCaseRequest); // camelCase, comparable with an LlmRequest
 * ```
 */
export function normalizeRequest(
  request: { model?: unknown; contents?: unknown; config?: unknown },
  options: RequestNormalization = {},
): Record<string, unknown> {
  const camel = camelizeKeys(request) as { model?: string; contents?: Content[]; config?: Record<string, unknown> };
  const { httpOptions: _h, labels: _l, liveConnectConfig: _c, tools, ...config } = camel.config ?? {};
  const externals = new Set(options.externalDescriptions ?? []);
  return json({
    model: camel.model,
    contents: (camel.contents ?? []).map((content) => normalizeContent(content)),
    config: { ...config, ...(Array.isArray(tools) && tools.length ? { tools: tools.map((t) => normalizeTool(t, externals)) } : {}) },
  });
}

/** Extra normalisation of a request comparison. */
export interface RequestNormalization {
  /**
   * Tools whose descriptions come from outside the app — an MCP server's own wording, which
   * changes between versions of the server: their descriptions are not compared (their names and
   * parameter schemas are).
   */
  externalDescriptions?: Iterable<string>;
}

/**
 * A content without function-call/response ids (and optionally thought signatures).
 *
 * @example
 * ```ts
 * normalizeContent({ role: 'model', parts: [{ functionCall: { id: 'adk-1', name: 'f' } }] });
 * // { role: 'model', parts: [{ functionCall: { name: 'f' } }] }
 * ```
 */
export function normalizeContent(content: Content, options: { dropThoughtSignatures?: boolean } = {}): Content {
  return {
    ...content,
    parts: (content.parts ?? []).map((part) => {
      const { thoughtSignature, functionCall, functionResponse, ...rest } = part;
      return {
        ...rest,
        ...(thoughtSignature !== undefined && !options.dropThoughtSignatures ? { thoughtSignature } : {}),
        ...(functionCall ? { functionCall: withoutId(functionCall) } : {}),
        ...(functionResponse ? { functionResponse: withoutId(functionResponse) } : {}),
      };
    }),
  };
}

function withoutId<T extends { id?: string }>(value: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = value;
  return rest;
}

function normalizeTool(tool: Record<string, unknown>, externals: ReadonlySet<string>): Record<string, unknown> {
  const declarations = tool['functionDeclarations'] as Array<Record<string, unknown>> | undefined;
  if (!declarations) return tool;
  return { ...tool, functionDeclarations: declarations.map((d) => normalizeDeclaration(d, externals)) };
}

function normalizeDeclaration(declaration: Record<string, unknown>, externals: ReadonlySet<string>): Record<string, unknown> {
  const { response: _r, parameters, description, ...rest } = declaration;
  return {
    ...rest,
    ...(externals.has(declaration['name'] as string) ? {} : { description }),
    ...(parameters ? { parameters: normalizeSchema(parameters) } : {}),
  };
}

function normalizeSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(normalizeSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'title' || key === 'default') continue;
    if (key === 'type' && typeof value === 'string') out[key] = value.toLowerCase();
    else if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, normalizeSchema(v)]));
    } else out[key] = normalizeSchema(value);
  }
  return out;
}

/**
 * A JSON round trip: drops `undefined` members, as the recordings do.
 *
 * @example
 * ```ts
 * json({ a: 1, b: undefined }); // { a: 1 }
 * ```
 */
export function json<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
