import { concatMap, defaultIfEmpty, defer, from, map, type Observable, of, reduce, throwError } from 'rxjs';
import type { InvocationContext } from './invocation-context.js';
import { AgentConfigError } from '../utils/errors.js';
import { State } from '../sessions/state.js';
import { pythonRepr } from '../utils/python-repr.js';

const PLACEHOLDER = /\{+[^{}]*\}+/g;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Fills an instruction template from the session, as ADK does: `{key}` → the state value (a
 * missing key is an {@link AgentConfigError} and the model is not called), `{key?}` → the value
 * or nothing, `{user:lang}` / `{app:x}` / `{temp:y}` → prefixed keys, `{artifact.name}` → the
 * artifact's text. Anything else in braces (JSON, code) is left as it is.
 *
 * @example
 * ```ts
 * injectSessionState('Answer in {user:lang}. {note?}', ctx).subscribe(console.log); // 'Answer in French. '
 * ```
 */
export function injectSessionState(template: string, ctx: InvocationContext): Observable<string> {
  return defer(() => {
    if (!usesArtifacts(template)) return of(fillFromState(template, ctx));
    const pieces = splitTemplate(template);
    return from(pieces).pipe(
      concatMap((piece) => (typeof piece === 'string' ? of(piece) : resolvePlaceholder(piece.raw, ctx))),
      reduce((text, piece) => text + piece, ''),
      defaultIfEmpty(''),
    );
  });
}

/**
 * True when the template has an `{artifact.…}` placeholder (the only kind that needs I/O).
 *
 * @example
 * ```ts
 * usesArtifacts('Notes: {artifact.notes.txt}'); // true
 * ```
 */
export function usesArtifacts(template: string): boolean {
  return template.includes('artifact.');
}

/**
 * {@link injectSessionState} for templates without artifact placeholders, synchronously.
 *
 * @example
 * ```ts
 * fillFromState('Answer in {user:lang}.', ctx); // 'Answer in French.'
 * ```
 */
export function fillFromState(template: string, ctx: InvocationContext): string {
  return template.replace(PLACEHOLDER, (raw) => stateValue(raw, ctx));
}

function stateValue(raw: string, ctx: InvocationContext): string {
  let name = raw.replace(/^\{+/, '').replace(/\}+$/, '').trim();
  const optional = name.endsWith('?');
  if (optional) name = name.slice(0, -1);
  if (!isStateName(name)) return raw;
  const state = ctx.session.state;
  if (Object.prototype.hasOwnProperty.call(state, name)) return stringify(state[name]);
  if (optional) return '';
  throw missingKey(ctx, name);
}

function missingKey(ctx: InvocationContext, name: string): AgentConfigError {
  return new AgentConfigError(
    `Instruction of agent "${ctx.agent.name}" uses {${name}}, but the session state has no "${name}". ` +
      `Set it before this agent runs, or write {${name}?} to make it optional.`,
    { agentName: ctx.agent.name },
  );
}

function splitTemplate(template: string): Array<string | { raw: string }> {
  const pieces: Array<string | { raw: string }> = [];
  let index = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    pieces.push(template.slice(index, match.index));
    pieces.push({ raw: match[0] });
    index = match.index! + match[0].length;
  }
  pieces.push(template.slice(index));
  return pieces;
}

function resolvePlaceholder(raw: string, ctx: InvocationContext): Observable<string> {
  let name = raw.replace(/^\{+/, '').replace(/\}+$/, '').trim();
  const optional = name.endsWith('?');
  if (optional) name = name.slice(0, -1);
  if (name.startsWith('artifact.')) return artifactText(name.slice('artifact.'.length), optional, ctx);
  return defer(() => of(stateValue(raw, ctx)));
}

function artifactText(filename: string, optional: boolean, ctx: InvocationContext): Observable<string> {
  const service = ctx.artifactService;
  if (!service) {
    return throwError(
      () => new AgentConfigError(`Instruction of agent "${ctx.agent.name}" uses {artifact.${filename}}, but no artifact service is configured.`),
    );
  }
  const { appName, userId, id: sessionId } = ctx.session;
  return service.loadArtifact({ appName, userId, sessionId, filename }).pipe(
    concatMap((part) => {
      if (part) return of(part.text ?? (part.inlineData ? `[${part.inlineData.mimeType ?? 'binary'} artifact]` : ''));
      if (optional) return of('');
      return throwError(
        () => new AgentConfigError(`Instruction of agent "${ctx.agent.name}" uses {artifact.${filename}}, but there is no such artifact.`),
      );
    }),
    map(String),
  );
}

/** A plain identifier, or an identifier after one of the `app:` / `user:` / `temp:` prefixes. */
function isStateName(name: string): boolean {
  const parts = name.split(':');
  if (parts.length === 1) return IDENTIFIER.test(name);
  if (parts.length === 2) {
    const prefix = `${parts[0]}:`;
    return [State.APP_PREFIX, State.USER_PREFIX, State.TEMP_PREFIX].includes(prefix) && IDENTIFIER.test(parts[1]!);
  }
  return false;
}

/** Python's `str(value)`, as ADK inserts it. */
function stringify(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}
