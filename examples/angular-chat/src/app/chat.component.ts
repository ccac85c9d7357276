import { AsyncPipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, DestroyRef, inject, signal } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { type ConfirmationRequest, Conversation, InMemoryRunner } from 'rxadk';
import { createChatAgent } from './chat-agent';
import { statusOf, toBubbles } from './chat-view';

/**
 * The chat: a standalone component over an rxadk `Conversation` — a hot handle on one session of
 * an `InMemoryRunner` whose agent runs in the page. `send()` queues a turn; the conversation's
 * state (transcript with streamed text merged and tool calls paired with their results, pending
 * confirmations, busy) is bound with `toSignal` and, for the Cancel button, with the `async`
 * pipe: subscribing never starts a turn. Cancel unsubscribes the running turn, so the runner
 * aborts it and the slow tool's abort signal fires (shown under "Activity").
 *
 * @example
 * ```ts
 * bootstrapApplication(ChatComponent, { providers: [provideZonelessChangeDetection()] });
 * ```
 */
@Component({
  selector: 'app-chat',
  changeDetection: ChangeDetectionStrategy.OnPush,
  imports: [AsyncPipe],
  template: `
    <main>
      <h1>rxadk · Angular chat</h1>
      <p class="hint">An LlmAgent with an offline model, running in this page. Try "hello" or "research black holes", then Cancel.</p>
      <ol class="transcript" data-testid="transcript">
        @for (message of bubbles(); track message.id) {
          <li [class]="message.role" [class.streaming]="message.streaming" data-testid="message" [attr.data-role]="message.role">
            <span class="author">{{ message.author }}</span>
            <span class="text">{{ message.text }}</span>
          </li>
        }
      </ol>
      @for (request of pending(); track request.id) {
        <p class="confirm" data-testid="confirmation">
          {{ request.toolConfirmation.hint }}
          <button type="button" (click)="confirm(request, true)">Approve</button>
          <button type="button" (click)="confirm(request, false)">Reject</button>
        </p>
      }
      <form (submit)="send(box); $event.preventDefault()">
        <input #box data-testid="input" placeholder="Message (queued while busy)" autocomplete="off" />
        <button type="submit" data-testid="send">Send</button>
        @if (chat.busy$ | async) {
          <button type="button" data-testid="cancel" class="cancel" (click)="chat.cancel()">Cancel</button>
        }
      </form>
      <p class="status" data-testid="status">{{ status() }}</p>
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

  /** The conversation: hot and shared; only send/confirm start turns. */
  readonly chat = new Conversation({
    runner: new InMemoryRunner({
      appName: 'angular_chat',
      agent: createChatAgent((topic) => this.log(`research "${topic}": abort signal fired, the tool stopped`)),
      autoCreateSession: true,
    }),
    userId: 'browser-user',
    sessionId: 'browser-session',
    runConfig: { streamingMode: 'sse' },
  });

  /** The conversation's latest state (it has one at once, so `requireSync`). */
  private readonly state = toSignal(this.chat.state$, { requireSync: true });
  readonly bubbles = computed(() => toBubbles(this.state().messages));
  readonly pending = toSignal(this.chat.pending$, { requireSync: true });
  readonly status = computed(() => statusOf(this.state()));

  constructor() {
    inject(DestroyRef).onDestroy(() => this.chat.close());
  }

  send(box: HTMLInputElement): void {
    const text = box.value.trim();
    if (!text) return;
    box.value = '';
    this.chat.send(text);
  }

  confirm(request: ConfirmationRequest, confirmed: boolean): void {
    this.chat.confirm(request, confirmed);
  }

  private log(line: string): void {
    this.activity.update((lines) => [...lines, line]);
  }
}
