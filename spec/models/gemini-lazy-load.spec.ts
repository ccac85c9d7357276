import { stop as stopEsbuild } from 'esbuild';
import { measure, PROGRAMS } from '../../bench/bundle-size.js';

// Gemini is registered out of the box, but `@google/genai` is loaded with a dynamic import() on
// the first Gemini call: a code-splitting bundler puts it in a lazy chunk. (The sizes themselves
// are measured by bench/bundle-size.ts, not asserted here.)
describe('Gemini loads @google/genai lazily', () => {
  afterAll(async () => {
    await stopEsbuild(); // esbuild's service process would keep Jest alive
  });

  it('a program with its own model leaves @google/genai out of its initial load', async () => {
    const size = await measure({
      name: 'core + own model',
      source: `
import { of } from 'rxjs';
import { BaseLlm, FunctionTool, InMemoryRunner, LlmAgent } from 'rxadk';
class Echo extends BaseLlm {
  constructor() { super({ model: 'echo' }); }
  generateContent(request) { return of({ content: { role: 'model', parts: request.contents.at(-1)?.parts ?? [] } }); }
}
const tool = new FunctionTool({ name: 't', description: 'd', execute: () => 1 });
new InMemoryRunner({ agent: new LlmAgent({ name: 'a', model: new Echo(), tools: [tool] }) })
  .runAsync({ userId: 'u', sessionId: 's', newMessage: { role: 'user', parts: [{ text: 'hi' }] } }).subscribe();
`,
    });

    expect(size.genaiInitial).toBe(false);
  }, 60_000);

  it('a program on a gemini-* model string gets @google/genai in a lazy chunk only', async () => {
    const size = await measure(PROGRAMS.find((program) => program.name === 'core + Gemini')!);

    expect(size.genaiInitial).toBe(false);
    expect(size.genaiTotal).toBe(true);
  }, 60_000);
});
