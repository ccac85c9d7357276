import { ChangeDetectionStrategy, Component, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { InMemoryRunner } from 'rxadk';
import { concatMap, scan, Subject } from 'rxjs';
import { createChatAgent } from './chat-agent';
import { chatTurn, type ChatSession } from './chat-turn';
import { EMPTY_CHAT, reduceChat } from './chat-view';

/**
 * The chat: a standalone component over an rxadk `InMemoryRunner` whose agent runs in the page.
 * Each send starts a turn (`chatTurn`), the turns are concatenated and folded into the view
 * (`reduceChat`), and the result is bound with `toSignal`. Cancel emits on `cancels`, which ends
 * the running turn: an unsubscription, so the runner aborts it and the slow tool's abort signal
 * fires (shown under "Activity").
 *
 * @example
 * ```ts
 * bootstrapApplication(ChatComponent, { providers: [provideZonelessChangeDetection()] });
 * ```
 */
@Component({
  selector: 'app-chat',
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <main>
      <h1>rxadk · Angular chat</h1>
      <p class="hint">An LlmAgent with an offline model, running in this page. Try "hello" or "research black holes", then Cancel.</p>
      <ol class="transcript" data-testid="transcript">
        @for (message of view().messages; track $index) {
          <li [class]="message.role" [class.streaming]="message.streaming" data-testid="message" [attr.data-role]="message.role">
            <span class="author">{{ message.author }}</span>
            <span class="text">{{ message.text }}</span>
          </li>
        }
      </ol>
      <form (submit)="send(box); $event.preventDefault()">
        <input #box data-testid="input" placeholder="Message" autocomplete="off" [disabled]="view().running" />
        <button type="submit" data-testid="send" [disabled]="view().running">Send</button>
        @if (view().running) {
          <button type="button" data-testid="cancel" class="cancel" (click)="cancel()">Cancel</button>
        }
      </form>
      <p class="status" data-testid="status">{{ view().status }}</p>
      <section class="activity">
        <h2>Activity</h2>
        <ul data-testid="activity">
          @for (line of activity(); track $index) {
            <li>{{ line }}</li>
          }
        </ul>
      </section>
    </main>
  `,
  styles: `
    main { max-width: 720px; margin: 24px auto; padding: 0 16px; }
    h1 { font-size: 20px; } h2 { font-size: 14px; color: #57606a; }
    .hint, .status { color: #57606a; font-size: 13px; }
    .transcript { list-style: none; padding: 0; display: flex; flex-direction: column; gap: 6px; }
    .transcript li { padding: 8px 12px; border-radius: 8px; max-width: 85%; }
    .user { align-self: flex-end; background: #0969da; color: white; }
    .agent { align-self: flex-start; background: white; border: 1px solid #d0d7de; }
    .tool { align-self: flex-start; font-family: monospace; font-size: 12px; color: #57606a; }
    .notice { align-self: center; font-size: 13px; color: #9a6700; }
    .streaming::after { content: ' ▍'; }
    .author { font-weight: 600; margin-right: 8px; }
    form { display: flex; gap: 8px; } input { flex: 1; padding: 8px; }
    .cancel { background: #cf222e; color: white; border: 0; border-radius: 4px; }
  `,
})
export class ChatComponent {
  /** What the slow tool reported (its abort signal firing). */
  readonly activity = signal<readonly string[]>([]);

  private readonly session: ChatSession = {
    runner: new InMemoryRunner({
      appName: 'angular_chat',
      agent: createChatAgent((topic) => this.log(`research "${topic}": abort signal fired, the tool stopped`)),
      autoCreateSession: true,
    }),
    userId: 'browser-user',
    sessionId: 'browser-session',
  };
  private readonly sends = new Subject<string>();
  private readonly cancels = new Subject<void>();

  /** The transcript, folded from every turn's actions and bound as a signal. */
  readonly view = toSignal(
    this.sends.pipe(
      concatMap((text) => chatTurn(this.session, text, this.cancels)),
      scan(reduceChat, EMPTY_CHAT),
    ),
    { initialValue: EMPTY_CHAT },
  );

  send(box: HTMLInputElement): void {
    const text = box.value.trim();
    if (!text) return;
    box.value = '';
    this.sends.next(text);
  }

  cancel(): void {
    this.cancels.next();
  }

  private log(line: string): void {
    this.activity.update((lines) => [...lines, line]);
  }
}
