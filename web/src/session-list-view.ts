import { filter, fromEvent, map, type Observable, share } from 'rxjs';
import type { Session } from '../../lib/sessions/session.js';
import { clear, h } from './dom.js';
import { displayNameOf } from './session-display-name.js';

/**
 * The sessions of the chosen app and user, newest first; {@link picks$} emits the id of the
 * session clicked.
 *
 * @example
 * ```ts
 * const list = new SessionListView(document.querySelector('#session-list')!);
 * list.render(sessions, 'current-id');
 * list.picks$.subscribe((sessionId) => ...);
 * ```
 */
export class SessionListView {
  readonly picks$: Observable<string>;

  constructor(private readonly root: HTMLElement) {
    this.picks$ = fromEvent<MouseEvent>(root, 'click').pipe(
      map((click) => (click.target instanceof Element ? click.target.closest<HTMLElement>('[data-session-id]')?.dataset['sessionId'] : undefined)),
      filter((id): id is string => id !== undefined),
      share(),
    );
  }

  render(sessions: readonly Session[], selectedId: string | undefined): void {
    clear(this.root, sessions.length === 0 ? 'No sessions yet: create one.' : undefined);
    const newestFirst = [...sessions].sort((a, b) => b.lastUpdateTime - a.lastUpdateTime);
    for (const session of newestFirst) this.root.appendChild(item(session, session.id === selectedId));
  }

  /** Highlights the selected session. */
  select(sessionId: string | undefined): void {
    this.root.querySelectorAll<HTMLElement>('[data-session-id]').forEach((element) => {
      element.classList.toggle('selected', element.dataset['sessionId'] === sessionId);
    });
  }
}

/** A session: its display name (when it has one, its id below) and when it was last updated. */
function item(session: Session, selected: boolean): HTMLElement {
  const updated = session.lastUpdateTime ? new Date(session.lastUpdateTime * 1000).toLocaleTimeString() : '';
  const name = displayNameOf(session);
  return h('li', { class: `session${selected ? ' selected' : ''}`, 'data-session-id': session.id, title: session.id },
    h('span', { class: 'names' },
      name && h('span', { class: 'name', 'data-testid': 'session-name' }, name),
      h('span', { class: 'id' }, session.id)),
    h('span', { class: 'when' }, updated));
}
