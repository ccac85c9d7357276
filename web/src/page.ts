import type { AppListing } from './api-client.js';

/**
 * The elements of `index.html` the UI drives.
 *
 * @example
 * ```ts
 * const page: Page = findPage(document);
 * ```
 */
export interface Page {
  appSelect: HTMLSelectElement;
  userInput: HTMLInputElement;
  newSession: HTMLButtonElement;
  deleteSession: HTMLButtonElement;
  renameSession: HTMLButtonElement;
  /** Saves the open session as an eval case. */
  saveEvalCase: HTMLButtonElement;
  /** The app's eval sets and results. */
  evals: HTMLElement;
  sessionList: HTMLElement;
  details: HTMLElement;
  chatLog: HTMLElement;
  composer: HTMLFormElement;
  message: HTMLInputElement;
  send: HTMLButtonElement;
  stop: HTMLButtonElement;
  /** Live mode: typed messages go over one `WS /run_live` conversation instead of a `/run_sse` turn each. */
  liveMode: HTMLInputElement;
  /** Resumes the session's unfinished invocation (shown only when there is one). */
  resume: HTMLButtonElement;
  timeline: HTMLElement;
  inspector: HTMLElement;
  graph: HTMLElement;
  showPartials: HTMLInputElement;
  status: HTMLElement;
  appErrors: HTMLElement;
}

/**
 * Finds the page's elements by id; throws naming the first one missing.
 *
 * @example
 * ```ts
 * const page = findPage(document);
 * page.message.focus();
 * ```
 */
export function findPage(doc: Document): Page {
  const get = <T extends HTMLElement>(id: string): T => {
    const element = doc.getElementById(id);
    if (!element) throw new Error(`The dev UI page has no #${id}.`);
    return element as T;
  };
  return {
    appSelect: get('app-select'),
    userInput: get('user-id'),
    newSession: get('new-session'),
    deleteSession: get('delete-session'),
    renameSession: get('rename-session'),
    saveEvalCase: get('save-eval-case'),
    evals: get('evals'),
    sessionList: get('session-list'),
    details: get('session-details'),
    chatLog: get('chat-log'),
    composer: get('composer'),
    message: get('message'),
    send: get('send'),
    stop: get('stop'),
    liveMode: get('live-mode'),
    resume: get('resume-invocation'),
    timeline: get('timeline'),
    inspector: get('inspector'),
    graph: get('app-graph'),
    showPartials: get('show-partials'),
    status: get('status'),
    appErrors: get('app-errors'),
  };
}

/**
 * Shows whether a turn is running: Send off and Stop on while it streams.
 *
 * @example
 * ```ts
 * setBusy(page, true);
 * ```
 */
export function setBusy(page: Page, busy: boolean): void {
  page.send.disabled = busy;
  page.resume.disabled = busy;
  page.stop.disabled = !busy;
  page.status.textContent = busy ? 'running…' : '';
  page.status.dataset['busy'] = String(busy);
}

/**
 * What the composer does: sends into the open session (`session`), creates a session and sends
 * the message into it (`new-session`: no session is open yet), or nothing (`off`: no app, or the
 * session picked could not be opened).
 *
 * @example
 * ```ts
 * const mode: ComposerMode = 'new-session';
 * ```
 */
export type ComposerMode = 'session' | 'new-session' | 'off';

const PLACEHOLDERS: Record<ComposerMode, string> = {
  session: 'Type a message… (Enter sends)',
  'new-session': 'Type a message to start a new session… (Enter sends)',
  off: 'Create (+ New) or pick a session to chat',
};

/**
 * Enables the rename, delete and "save as eval case" buttons only while a session is open, and the composer for it
 * (closed, the composer is off until {@link setComposer} says otherwise).
 *
 * @example
 * ```ts
 * setSessionOpen(page, false);
 * ```
 */
export function setSessionOpen(page: Page, open: boolean): void {
  if (!open) showResume(page, undefined);
  page.deleteSession.disabled = !open;
  page.renameSession.disabled = !open;
  page.saveEvalCase.disabled = !open;
  setComposer(page, open ? 'session' : 'off');
}

/**
 * Enables the composer (or not) and says in its placeholder what a message will do.
 *
 * @example
 * ```ts
 * setComposer(page, 'new-session');
 * ```
 */
export function setComposer(page: Page, mode: ComposerMode): void {
  page.message.disabled = mode === 'off';
  page.send.disabled = mode === 'off';
  page.message.placeholder = PLACEHOLDERS[mode];
}

/**
 * Fills the app picker: apps that failed to load stay listed (disabled, marked "failed to load",
 * the error as tooltip), and their errors show under the header.
 *
 * @example
 * ```ts
 * fillAppOptions(page, [{ name: 'hr', root_agent_name: 'hr_assistant', description: '', language: 'typescript' }]);
 * ```
 */
export function fillAppOptions(page: Page, apps: readonly AppListing[]): void {
  page.appSelect.replaceChildren(
    ...apps.map((app) => {
      const option = new Option(app.error ? `${app.name} (failed to load)` : app.name, app.name);
      if (app.error) {
        option.disabled = true;
        option.title = app.error;
      }
      return option;
    }),
  );
  const failed = apps.filter((app) => app.error);
  page.appErrors.hidden = failed.length === 0;
  page.appErrors.replaceChildren(
    ...failed.map((app) => {
      const line = page.appErrors.ownerDocument.createElement('div');
      line.textContent = `${app.name} failed to load: ${app.error}`;
      return line;
    }),
  );
  const first = apps.find((app) => !app.error);
  if (first) page.appSelect.value = first.name;
}

/**
 * Shows the Resume button for the unfinished invocation `invocationId` (its id in
 * `data-invocation`), or hides it.
 *
 * @example
 * ```ts
 * showResume(page, unfinishedInvocation(session.events, rootName));
 * ```
 */
export function showResume(page: Page, invocationId: string | undefined): void {
  page.resume.hidden = invocationId === undefined;
  if (invocationId === undefined) delete page.resume.dataset['invocation'];
  else page.resume.dataset['invocation'] = invocationId;
}
