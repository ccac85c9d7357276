// The scripted "model" both frameworks run, written once so that rxadk and @google/adk do the same
// work: if the last content of the request is a function response, answer with text; otherwise
// ask for the configured function calls. Fresh objects on every call (a framework may annotate
// what it receives, e.g. give function calls an id), so the script never runs out.

/** The structural shape of the contents both frameworks hand to the model (genai `Content`). */
export interface ScriptContent {
  role?: string;
  parts?: Array<{ functionResponse?: unknown; functionCall?: unknown; text?: string }>;
}

/** A function call the model asks for. */
export interface ScriptedCall {
  name: string;
  args: Record<string, unknown>;
}

/** What the model does in every turn: call these functions together, then say `answer`. */
export interface TurnScript {
  calls: readonly ScriptedCall[];
  answer: string;
}

/** The model response for a request whose contents are `contents`. */
export function scriptedResponse(contents: readonly ScriptContent[] | undefined, script: TurnScript) {
  const last = contents?.[contents.length - 1];
  const afterTools = !!last?.parts?.some((part) => part.functionResponse !== undefined);
  if (afterTools) {
    return { content: { role: 'model', parts: [{ text: script.answer }] } };
  }
  return {
    content: {
      role: 'model',
      parts: script.calls.map((call) => ({ functionCall: { name: call.name, args: { ...call.args } } })),
    },
  };
}

/** The "turns" scenario: one weather lookup, then an answer. */
export const WEATHER_TURN: TurnScript = {
  calls: [{ name: 'get_weather', args: { city: 'Paris' } }],
  answer: 'It is 21 °C and sunny in Paris.',
};

export const WEATHER_INSTRUCTION = 'You answer questions about the weather. Use get_weather.';

/** What get_weather returns in both frameworks. */
export function weatherOf(city: string): Record<string, unknown> {
  return { city, temperatureC: 21, sky: 'sunny' };
}

/** The "parallel tools" scenario: `count` tools `wait_0`… called at once, then an answer. */
export function parallelTurn(count: number): TurnScript {
  return {
    calls: Array.from({ length: count }, (_, i) => ({ name: `wait_${i}`, args: { label: `job ${i}` } })),
    answer: 'All jobs are done.',
  };
}

export const PARALLEL_INSTRUCTION = 'You run jobs. Call every wait_ tool at once.';
