import { filter, fromEvent, map, merge, type Observable, share, Subject, tap } from 'rxjs';
import type { Session } from '../../lib/sessions/session.js';
import { clear, h } from './dom.js';
import { displayNameOf } from './session-display-name.js';

/**
 * The selected session's details: its display name and id, number of stored events, state (JSON),
 * and its artifacts — a click on one ({@link artifactPicks$}) opens it in the {@link viewer}. The
 * artifact open stays open when the panel is rendered again (after a turn): it is picked again,
 * so its newest version shows.
 *
 * @example
 * ```ts
 * const panel = new SessionPanelView(document.querySelector('#session-details')!);
 * panel.render(session, ['report.txt']);
 * panel.artifactPicks$.subscribe((name) => viewArtifact(api, ref, name, panel.viewer()).subscribe());
 * ```
 */
export class SessionPanelView {
  /** The name of the artifact clicked (or still open after a new render). */
  readonly artifactPicks$: Observable<string>;
  private viewerElement: HTMLElement | undefined;
  private openArtifact: string | undefined;
  private sessionId: string | undefined;
  private readonly reopens = new Subject<string>();

  constructor(private readonly root: HTMLElement) {
    const clicks = fromEvent<MouseEvent>(root, 'click').pipe(
      map((click) => (click.target instanceof Element ? click.target.closest<HTMLElement>('[data-artifact]')?.dataset['artifact'] : undefined)),
      filter((name): name is string => name !== undefined),
    );
    this.artifactPicks$ = merge(clicks, this.reopens).pipe(
      tap((name) => (this.openArtifact = name)),
      share(),
    );
  }

  reset(placeholder?: string): void {
    this.viewerElement = undefined;
    this.openArtifact = undefined;
    clear(this.root, placeholder);
  }

  render(session: Session, artifacts: readonly string[]): void {
    if (this.openArtifact && session.id !== this.sessionId) this.openArtifact = undefined;
    this.sessionId = session.id;
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
    if (this.openArtifact && artifacts.includes(this.openArtifact)) this.reopens.next(this.openArtifact);
  }

  /** Where an opened artifact shows (empty until one is picked; replaced at each render). */
  viewer(): HTMLElement {
    return this.viewerElement ?? this.root;
  }
}
