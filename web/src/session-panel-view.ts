import type { Session } from '../../lib/sessions/session.js';
import { clear, h } from './dom.js';

/**
 * The selected session's details: id, number of stored events, state (JSON) and artifact names.
 *
 * @example
 * ```ts
 * const panel = new SessionPanelView(document.querySelector('#session-details')!);
 * panel.render(session, ['report.txt']);
 * ```
 */
export class SessionPanelView {
  constructor(private readonly root: HTMLElement) {}

  reset(placeholder?: string): void {
    clear(this.root, placeholder);
  }

  render(session: Session, artifacts: readonly string[]): void {
    clear(this.root);
    this.root.append(
      h('dl', { class: 'facts' },
        h('dt', {}, 'Session'), h('dd', { 'data-testid': 'session-id' }, session.id),
        h('dt', {}, 'Events'), h('dd', { 'data-testid': 'event-count' }, String(session.events.length))),
      h('h3', {}, 'State'),
      h('pre', { class: 'state', 'data-testid': 'state' }, JSON.stringify(session.state, null, 2)),
      h('h3', {}, 'Artifacts'),
      artifacts.length === 0
        ? h('p', { class: 'placeholder', 'data-testid': 'artifacts' }, 'none')
        : h('ul', { class: 'artifacts', 'data-testid': 'artifacts' }, ...artifacts.map((name) => h('li', {}, name))),
    );
  }
}
