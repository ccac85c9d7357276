import { firstValueFrom, NEVER, of } from 'rxjs';
import { createLlmRequest } from '../../lib/models/llm-request.js';
import { callSdk, lazySdkClient } from '../../lib/models/sdk-client.js';
import { MissingDriverError } from '../../lib/utils/missing-driver-error.js';

const request = createLlmRequest({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });

describe('lazySdkClient', () => {
  it('reads the options, loads and creates once, on the first subscription', async () => {
    const counts = { options: 0, loads: 0, creates: 0 };
    const client$ = lazySdkClient(
      () => (counts.options++, { key: 'k' }),
      () => (counts.loads++, Promise.resolve({ make: (o: { key: string }) => `client:${o.key}` })),
      (sdk, o) => (counts.creates++, sdk.make(o)),
      'sdk',
      'rxadk/x',
    );
    expect(counts).toEqual({ options: 0, loads: 0, creates: 0 });
    expect((await firstValueFrom(client$)).client).toBe('client:k');
    await firstValueFrom(client$);
    expect(counts).toEqual({ options: 1, loads: 1, creates: 1 });
  });

  it('names a missing package with MissingDriverError, and tries again on the next call', async () => {
    let attempt = 0;
    const client$ = lazySdkClient(
      () => ({}),
      () => (attempt++ === 0 ? Promise.reject(Object.assign(new Error("Cannot find package 'sdk' imported from x.js"), { code: 'ERR_MODULE_NOT_FOUND' })) : Promise.resolve({})),
      () => 'client',
      'sdk',
      'rxadk/x',
    );
    await expect(firstValueFrom(client$)).rejects.toBeInstanceOf(MissingDriverError);
    expect((await firstValueFrom(client$)).client).toBe('client');
  });

  it('fails with what the options throw, before loading anything', async () => {
    let loads = 0;
    const client$ = lazySdkClient(() => { throw new Error('no key'); }, () => (loads++, Promise.resolve({})), () => 'c', 'sdk', 'rxadk/x');
    await expect(firstValueFrom(client$)).rejects.toThrow('no key');
    expect(loads).toBe(0);
  });
});

describe('callSdk', () => {
  it('gives the call a signal that unsubscribing aborts, and maps errors', async () => {
    let signal: AbortSignal | undefined;
    const subscription = callSdk(of('loaded'), request, (_loaded, s) => ((signal = s), NEVER), (e) => e).subscribe();
    expect(signal!.aborted).toBe(false);
    subscription.unsubscribe();
    expect(signal!.aborted).toBe(true);
    const failing = callSdk(of('loaded'), request, () => { throw new Error('HTTP 500'); }, (e) => new Error(`mapped: ${(e as Error).message}`));
    await expect(firstValueFrom(failing)).rejects.toThrow('mapped: HTTP 500');
  });

  it('follows the request\'s own abortSignal', () => {
    const controller = new AbortController();
    let signal: AbortSignal | undefined;
    callSdk(of('loaded'), createLlmRequest({ config: { abortSignal: controller.signal } }), (_l, s) => ((signal = s), NEVER), (e) => e).subscribe();
    controller.abort();
    expect(signal!.aborted).toBe(true);
  });
});
