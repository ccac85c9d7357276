import { filter, fromEvent, map, type Observable, share } from 'rxjs';
import type { Session } from '../../lib/sessions/session.js';
import { clear, h } from './dom.js';
import { displayNameOf } from './session-display-name.js';

/**
 * The selected session's details: its display name and id, number of stored events, state (JSON),
 * and its artifacts — a click on one ({@link artifactPicks$}) opens it in the {@link viewer}.
 *
 * @example
 * ```ts
 * const panel = new SessionPanelView(document.querySelector('#session-details')!);
 * panel.render(session, ['report.txt']);
 * panel.artifactPicks$.subscribe((name) => viewArtifact(api, ref, name, panel.viewer()).subscribe());
 * ```
 */
export class SessionPanelView {
  /** The name of the artifact clicked. */
  readonly artifactPicks$: Observable<string>;
  private viewerElement: HTMLElement | undefined;

  constructor(private readonly root: HTMLElement) {
    this.artifactPicks$ = fromEvent<MouseEvent>(root, 'click').pipe(
      map((click) => (click.target instanceof Element ? click.target.closest<HTMLElement>('[data-artifact]')?.dataset['artifact'] : undefined)),
      filter((name): name is string => name !== undefined),
      share(),
    );
  }

  reset(placeholder?: string): void {
    this.viewerElement = undefined;
    clear(this.root, placeholder);
  }

  render(session: Session, artifacts: readonly string[]): void {
    clear(this.root);
    const name = displayNameOf(session);
    this.viewerElement = h('div', { class: 'artifact-viewer', 'data-testid': 'artifact-viewer' });
    this.root.append(
      h('dl', { class: 'facts' },
        name && h('dt', {}, 'Name'), name && h('dd', { 'data-testid': 'session-display-name' }, name),
        h('dt', {}, 'Session'), h('dd', { 'data-testid': 'session-id' }, session.id),
        h('dt', {}, 'Events'), h('dd', { 'data-testid': 'event-count' }, String(session.events.length))),
      h('h3', {}, 'State'),
      h('pre', { class: 'state', 'data-testid': 'state' }, JSON.stringify(session.state, null, 2)),
      h('h3', {}, 'Artifacts'),
      artifacts.length === 0
        ? h('p', { class: 'placeholder', 'data-testid': 'artifacts' }, 'none')
        : h('ul', { class: 'artifacts', 'data-testid': 'artifacts' },
            ...artifacts.map((artifact) => h('li', {}, h('button', { type: 'button', class: 'link', 'data-artifact': artifact, title: `Open ${artifact}` }, artifact)))),
      this.viewerElement,
    );
  }

  /** Where an opened artifact shows (empty until one is picked; replaced at each render). */
  viewer(): HTMLElement {
    return this.viewerElement ?? this.root;
  }
}
