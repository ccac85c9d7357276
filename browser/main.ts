/**
 * The browser-build check's page: rxadk's root entry (and `ScriptedLlm` from `rxadk/testing`),
 * bundled by esbuild for the browser, runs a two-turn conversation in the page and renders every
 * event into the DOM. Turn 1 calls a tool and streams the answer; turn 2 calls a tool that asks
 * for confirmation, shows Approve / Reject buttons, and sends the answer as the next message.
 * The whole API is also exposed as `window.rxadk` so a test can run more of it in the page.
 */
import type { Content } from '@google/genai';
import { concat, concatMap, defer, from, fromEvent, ignoreElements, map, merge, type Observable, reduce, take, tap } from 'rxjs';
import * as rxadk from '../lib/index.js';
import { ScriptedLlm, simplifyEvent } from '../lib/testing/index.js';
import type { PageApi } from './page-api.js';

const { createConfirmationResponse, FunctionTool, getConfirmationRequests, InMemoryRunner, LlmAgent } = rxadk;
type ConfirmationRequest = rxadk.ConfirmationRequest;
type Event = rxadk.Event;

(window as unknown as { rxadk: PageApi }).rxadk = { ...rxadk, ScriptedLlm, simplifyEvent };

const getWeather = new FunctionTool<{ city: string }>({
  name: 'get_weather',
  description: 'Returns the weather in a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: ({ city }) => ({ city, sky: 'sunny', temp: 22 }),
});

const bookTrip = new FunctionTool<{ city: string }>({
  name: 'book_trip',
  description: 'Books a trip. Needs the user to confirm.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  requireConfirmation: true,
  execute: ({ city }) => ({ booked: true, city }),
});

const model = new ScriptedLlm([
  { content: { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] } },
  ['It is ', 'sunny in ', 'Paris, 22°C.'].map((text) => ({ content: { role: 'model', parts: [{ text }] } })),
  { content: { role: 'model', parts: [{ functionCall: { name: 'book_trip', args: { city: 'Paris' } } }] } },
  ['Booked: ', 'enjoy Paris!'].map((text) => ({ content: { role: 'model', parts: [{ text }] } })),
]);

const agent = new LlmAgent({
  name: 'travel_agent',
  model,
  instruction: 'You check the weather and book trips.',
  tools: [getWeather, bookTrip],
  outputKey: 'last_answer',
  beforeModelCallback: (ctx) => void ctx.state.set('model_calls', (ctx.state.get<number>('model_calls') ?? 0) + 1),
});

const runner = new InMemoryRunner({ agent, appName: 'browser_check', autoCreateSession: true });
const session = { userId: 'browser-user', sessionId: 'browser-session' };

const byId = (id: string): HTMLElement => document.getElementById(id)!;
const setStatus = (text: string): void => void (byId('status').textContent = text);

/** Starts a turn's section (a heading and an empty list); events go into the newest one. */
function renderTurnHeading(title: string): void {
  const section = document.createElement('section');
  section.className = 'turn';
  const heading = Object.assign(document.createElement('h3'), { textContent: title });
  section.append(heading, document.createElement('ol'));
  byId('events').append(section);
}

function renderEvent(event: Event): void {
  const li = document.createElement('li');
  li.className = 'event';
  li.dataset['author'] = event.author;
  li.dataset['partial'] = String(event.partial === true);
  li.textContent = simplifyEvent(event);
  byId('events').querySelector('section:last-child ol')!.append(li);
}

function renderState(): Observable<never> {
  return runner.sessionService.getSession({ appName: runner.appName, ...session }).pipe(
    tap((current) => void (byId('state').textContent = JSON.stringify(current?.state ?? {}, null, 2))),
    ignoreElements(),
  );
}

/** Runs one turn, rendering each event; emits the confirmation requests it ended with. */
function send(title: string, newMessage: Content): Observable<ConfirmationRequest[]> {
  return defer(() => {
    renderTurnHeading(title);
    setStatus(`running: ${title}`);
    return concat(
      runner.runAsync({ ...session, newMessage, runConfig: { streamingMode: 'sse' } }).pipe(
        tap(renderEvent),
        reduce((requests: ConfirmationRequest[], event) => [...requests, ...getConfirmationRequests(event)], []),
      ),
      renderState(),
    );
  });
}

/** Shows Approve / Reject for a request; emits the answer message once a button is clicked. */
function askUser(request: ConfirmationRequest): Observable<Content> {
  return defer(() => {
    const box = byId('confirmation');
    const approve = Object.assign(document.createElement('button'), { id: 'approve', textContent: 'Approve' });
    const reject = Object.assign(document.createElement('button'), { id: 'reject', textContent: 'Reject' });
    const question = Object.assign(document.createElement('span'), {
      textContent: `${request.originalFunctionCall.name}(${JSON.stringify(request.originalFunctionCall.args)}) asks for confirmation: `,
    });
    box.replaceChildren(question, approve, reject);
    setStatus('waiting for confirmation');
    return merge(fromEvent(approve, 'click').pipe(map(() => true)), fromEvent(reject, 'click').pipe(map(() => false))).pipe(
      take(1),
      tap(() => box.replaceChildren()),
      map((confirmed) => createConfirmationResponse(request, { confirmed })),
    );
  });
}

const userText = (text: string): Content => ({ role: 'user', parts: [{ text }] });

concat(
  send('user: What is the weather in Paris?', userText('What is the weather in Paris?')),
  send('user: Book me a trip to Paris.', userText('Book me a trip to Paris.')).pipe(
    concatMap((requests) => from(requests)),
    concatMap((request) => askUser(request)),
    concatMap((answer) => send('user: (confirmation answer)', answer)),
  ),
).subscribe({
  complete: () => setStatus('done'),
  error: (error: unknown) => setStatus(`error: ${error instanceof Error ? error.message : String(error)}`),
});
