import { firstValueFrom, EMPTY } from 'rxjs';
import { InvocationContext } from '../../lib/context/invocation-context.js';
import { InMemoryArtifactService } from '../../lib/artifacts/in-memory-artifact-service.js';
import { injectSessionState } from '../../lib/context/inject-session-state.js';
import { InMemorySessionService } from '../../lib/sessions/in-memory-session-service.js';
import { newSession } from '../../lib/sessions/session.js';
import { AgentConfigError } from '../../lib/utils/errors.js';
import { FnAgent } from '../support/fn-agent.js';

function ctx(state: Record<string, unknown>) {
  return new InvocationContext({
    session: newSession({ id: 's', appName: 'app', userId: 'u', state }),
    sessionService: new InMemorySessionService(),
    artifactService: new InMemoryArtifactService(),
    agent: new FnAgent({ name: 'agent', body: () => EMPTY }),
  });
}

describe('injectSessionState', () => {
  it('fills {key}, prefixed keys and optional keys', async () => {
    const c = ctx({ name: 'Ada', 'user:lang': 'French', 'app:brand': 'rx', count: 3, flags: { vip: true } });
    expect(await firstValueFrom(injectSessionState('Hi {name} ({ user:lang }) {app:brand} {count} {flags} [{missing?}]', c))).toBe(
      "Hi Ada (French) rx 3 {'vip': True} []",
    );
  });

  it('leaves non-identifiers (JSON, code) untouched', async () => {
    const template = 'Reply as {"a": 1} or {not a key} or {x:y} or {a.b}';
    expect(await firstValueFrom(injectSessionState(template, ctx({})))).toBe(template);
    // like ADK, doubled braces around an identifier are still a placeholder
    expect(await firstValueFrom(injectSessionState('{{name}}', ctx({ name: 'Ada' })))).toBe('Ada');
  });

  it('throws AgentConfigError for a missing required key', async () => {
    await expect(firstValueFrom(injectSessionState('Hi {name}', ctx({})))).rejects.toBeInstanceOf(AgentConfigError);
  });

  it('inserts artifact text', async () => {
    const c = ctx({});
    await firstValueFrom(c.artifactService!.saveArtifact({ appName: 'app', userId: 'u', sessionId: 's', filename: 'notes.txt', artifact: { text: 'remember milk' } }));
    expect(await firstValueFrom(injectSessionState('Notes: {artifact.notes.txt}', c))).toBe('Notes: remember milk');
    await expect(firstValueFrom(injectSessionState('{artifact.none.txt}', c))).rejects.toThrow(/no such artifact/);
  });
});
