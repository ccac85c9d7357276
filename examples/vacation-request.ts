/**
 * Human in the loop (the seed chapter's exercise 3): a vacation tool needs a manager's approval.
 * The tool asks with ctx.requestConfirmation; the run pauses; this terminal asks y/n; the answer
 * goes back as a confirmation response and the tool runs again with ctx.toolConfirmation set.
 *
 *   npm run build && node dist/examples/vacation-request.js            # asks on the terminal
 *   node dist/examples/vacation-request.js --answer=y                 # answers by itself
 */
import { createInterface } from 'node:readline/promises';
import { lastValueFrom, tap, toArray } from 'rxjs';
import {
  createConfirmationResponse,
  type Event,
  getConfirmationRequests,
  InMemoryRunner,
  LlmAgent,
  type LlmRequest,
} from '../lib/index.js';
import { simplifyEvent } from '../lib/testing/index.js';
import { chooseModel, describeModel } from './shared/choose-model.js';
import { requestVacation } from './shared/vacation-tool.js';

/** Offline: call the tool, then answer from whatever the tool returned. */
const offlineScript = [
  { content: { role: 'model', parts: [{ functionCall: { name: 'request_vacation', args: { days: 3, reason: 'family trip' } } }] } },
  (request: LlmRequest) => {
    const last = request.contents.at(-1)?.parts?.[0]?.functionResponse?.response as { status?: string } | undefined;
    const text = last?.status === 'approved' ? 'Your 3 days off are approved. Enjoy the trip!' : 'Your request was not approved.';
    return { content: { role: 'model', parts: [{ text }] } };
  },
];

const model = chooseModel(offlineScript);
const agent = new LlmAgent({
  name: 'hr_assistant',
  description: 'Files vacation requests.',
  model,
  instruction: 'You file vacation requests with the request_vacation tool and tell the employee the outcome.',
  tools: [requestVacation],
});
const runner = new InMemoryRunner({ agent, appName: 'hr', autoCreateSession: true });

async function turn(newMessage: Parameters<InMemoryRunner['runAsync']>[0]['newMessage']): Promise<Event[]> {
  return lastValueFrom(
    runner.runAsync({ userId: 'employee', sessionId: 'vacation', newMessage }).pipe(
      tap((event) => console.log(`  ${simplifyEvent(event)}`)),
      toArray(),
    ),
  );
}

async function decide(hint: string | undefined): Promise<boolean> {
  const preset = process.argv.find((a) => a.startsWith('--answer='))?.split('=')[1];
  if (preset) {
    console.log(`\n${hint} [y/n] ${preset} (from --answer)`);
    return preset.toLowerCase().startsWith('y');
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(`\n${hint} [y/n] `)).trim().toLowerCase().startsWith('y');
  } finally {
    rl.close();
  }
}

async function main() {
  console.log(`Model: ${describeModel(model)}\n\nemployee: I need 3 days off for a family trip.`);
  let events = await turn({ role: 'user', parts: [{ text: 'I need 3 days off for a family trip.' }] });
  for (let requests = events.flatMap(getConfirmationRequests); requests.length; requests = events.flatMap(getConfirmationRequests)) {
    const request = requests[0]!;
    const confirmed = await decide(request.toolConfirmation.hint);
    console.log(`\nmanager: ${confirmed ? 'approved' : 'rejected'}`);
    events = await turn(createConfirmationResponse(request, { confirmed }));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
