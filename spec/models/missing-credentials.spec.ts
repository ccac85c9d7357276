import { lastValueFrom, toArray } from 'rxjs';
import { LlmAgent } from '../../lib/agents/llm-agent.js';
import { Gemini } from '../../lib/models/gemini.js';
import { createLlmRequest } from '../../lib/models/llm-request.js';
import { Runner } from '../../lib/runner/runner.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { MissingCredentialsError, RxadkError } from '../../lib/utils/errors.js';

const CREDENTIAL_VARIABLES = [
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'GOOGLE_GENAI_USE_VERTEXAI',
  'GOOGLE_CLOUD_PROJECT',
  'GOOGLE_CLOUD_LOCATION',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'CLOUDSDK_CONFIG',
  'HOME',
] as const;

/** The run's events and its error, with every other failure (a throw, an unhandled rejection) recorded. */
async function runTurn(runner: Runner): Promise<{ authors: string[]; error: unknown; unhandled: unknown[] }> {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', record);
  try {
    const events = runner.runAsync({ userId: 'u', sessionId: 's', newMessage: { role: 'user', parts: [{ text: 'Hi!' }] } });
    let error: unknown;
    const authors = await lastValueFrom(events.pipe(toArray())).then(
      (all) => all.map((event) => event.author),
      (e: unknown) => ((error = e), []),
    );
    await new Promise((resolve) => setTimeout(resolve, 20)); // let a stray rejection surface
    return { authors, error, unhandled };
  } finally {
    process.off('unhandledRejection', record);
  }
}

function geminiRunner(): Runner {
  const agent = new LlmAgent({ name: 'assistant', model: 'gemini-2.5-flash', instruction: 'Be brief.' });
  return new Runner({ appName: 'first_run', agent, sessionService: new InMemorySessionService(), autoCreateSession: true });
}

describe('a first run without credentials', () => {
  const saved: Record<string, string | undefined> = {};

  beforeEach(() => {
    for (const name of CREDENTIAL_VARIABLES) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
  });

  afterEach(() => {
    for (const name of CREDENTIAL_VARIABLES) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('fails the run with MissingCredentialsError naming GEMINI_API_KEY / GOOGLE_API_KEY, not with an unhandled error', async () => {
    const { error, unhandled } = await runTurn(geminiRunner());

    expect(error).toBeInstanceOf(MissingCredentialsError);
    expect(error).toBeInstanceOf(RxadkError);
    const missing = error as MissingCredentialsError;
    expect(missing.code).toBe('MISSING_CREDENTIALS');
    expect(missing.model).toBe('gemini-2.5-flash');
    expect(missing.variables).toEqual(['GEMINI_API_KEY', 'GOOGLE_API_KEY']);
    expect(missing.message).toMatch(/Set GEMINI_API_KEY \(or GOOGLE_API_KEY\)/);
    expect(missing.message).toMatch(/GOOGLE_GENAI_USE_VERTEXAI=true, GOOGLE_CLOUD_PROJECT and GOOGLE_CLOUD_LOCATION/);
    expect(unhandled).toEqual([]);
  });

  it('with GOOGLE_GENAI_USE_VERTEXAI=true, names the Vertex AI variables that are missing', async () => {
    process.env['GOOGLE_GENAI_USE_VERTEXAI'] = 'true';
    process.env['GOOGLE_CLOUD_LOCATION'] = 'us-central1';

    const { error, unhandled } = await runTurn(geminiRunner());

    expect(error).toBeInstanceOf(MissingCredentialsError);
    expect((error as MissingCredentialsError).variables).toEqual(['GOOGLE_CLOUD_PROJECT']);
    expect((error as Error).message).toMatch(/uses? Vertex AI, but GOOGLE_CLOUD_PROJECT is not set/);
    expect(unhandled).toEqual([]);
  });

  it('with Vertex AI configured but no Google Cloud credentials, names GOOGLE_APPLICATION_CREDENTIALS and gcloud', async () => {
    Object.assign(process.env, { GOOGLE_GENAI_USE_VERTEXAI: 'true', GOOGLE_CLOUD_PROJECT: 'p', GOOGLE_CLOUD_LOCATION: 'us-central1', HOME: '/nonexistent-home' });

    const { error, unhandled } = await runTurn(geminiRunner());

    expect(error).toBeInstanceOf(MissingCredentialsError);
    expect((error as MissingCredentialsError).variables).toEqual(['GOOGLE_APPLICATION_CREDENTIALS']);
    expect((error as Error).message).toMatch(/gcloud auth application-default login/);
    expect(unhandled).toEqual([]);
  }, 30_000);

  it('the model itself: constructing is fine, the first call errors (at subscription), and a key set later is picked up', async () => {
    const gemini = new Gemini({ model: 'gemini-2.5-flash' });
    const request = createLlmRequest({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });

    await expect(lastValueFrom(gemini.generateContent(request))).rejects.toBeInstanceOf(MissingCredentialsError);
    await expect(gemini.apiClient()).rejects.toThrow(/GEMINI_API_KEY/);

    process.env['GEMINI_API_KEY'] = 'set-after-the-failure';
    await expect(gemini.apiClient()).resolves.toBeDefined(); // the failure was not cached
  });

  it('an apiKey option needs no environment', async () => {
    await expect(new Gemini({ model: 'gemini-2.5-flash', apiKey: 'k' }).apiClient()).resolves.toBeDefined();
  });
});
