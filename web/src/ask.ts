import { fromEvent, map, merge, Observable, take } from 'rxjs';
import { h } from './dom.js';

/**
 * What {@link ask} shows: a question, the label of its confirming button, and optionally a text
 * field with a starting value.
 *
 * @example
 * ```ts
 * const question: Question = { title: 'Delete session?', message: 'It cannot be undone.', confirm: 'Delete' };
 * ```
 */
export interface Question {
  title: string;
  message?: string;
  confirm: string;
  /** Show a text field holding this value; its text is what {@link ask} emits. */
  input?: string;
}

/**
 * Asks in an in-page dialog (not `window.confirm`, which blocks the page and cannot be styled):
 * emits once — the field's text, or `''` without a field — and completes when confirmed
 * (button or Enter); completes without emitting when cancelled (button or Escape).
 * Unsubscribing closes the dialog.
 *
 * ```
 * confirm:  ----v|
 * cancel:   ----|
 * ```
 *
 * @example
 * ```ts
 * ask(document, { title: 'Rename', confirm: 'Rename', input: 'old name' }).subscribe((name) => rename(name));
 * ```
 */
export function ask(doc: Document, question: Question): Observable<string> {
  return new Observable<string>((subscriber) => {
    const field = question.input === undefined ? undefined : h('input', { 'data-testid': 'dialog-input', value: question.input, spellcheck: 'false' });
    const cancel = h('button', { type: 'button', class: 'quiet', 'data-testid': 'dialog-cancel' }, 'Cancel');
    const confirm = h('button', { type: 'submit', 'data-testid': 'dialog-confirm' }, question.confirm);
    const form = h('form', { method: 'dialog' }, h('h3', {}, question.title), question.message && h('p', {}, question.message), field, h('div', { class: 'actions' }, cancel, confirm));
    const dialog = h('dialog', { class: 'ask', 'data-testid': 'dialog' }, form);
    doc.body.appendChild(dialog);
    dialog.showModal();
    field?.select();
    const confirmed = fromEvent<SubmitEvent>(form, 'submit').pipe(map((submit) => (submit.preventDefault(), true)));
    const cancelled = merge(fromEvent(cancel, 'click'), fromEvent(dialog, 'cancel')).pipe(map(() => false));
    const answer = merge(confirmed, cancelled).pipe(take(1)).subscribe((yes) => {
      if (yes) subscriber.next(field ? field.value : '');
      subscriber.complete();
    });
    return () => {
      answer.unsubscribe();
      dialog.close();
      dialog.remove();
    };
  });
}
