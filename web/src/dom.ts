/**
 * A child of {@link h}: a node, text, or nothing (skipped).
 *
 * @example
 * ```ts
 * const children: Child[] = ['text', h('b', {}, 'bold'), undefined];
 * ```
 */
export type Child = Node | string | undefined | null | false;

/**
 * Creates an element with attributes and children. Text is always inserted as text (never as
 * HTML), so event content cannot inject markup.
 *
 * @example
 * ```ts
 * h('li', { class: 'session', 'data-session-id': 's1' }, h('strong', {}, 's1'), ' · 3 events');
 * ```
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) element.setAttribute(name, value);
  }
  append(element, ...children);
  return element;
}

/**
 * Appends children (text as text nodes); skips `undefined`, `null` and `false`.
 *
 * @example
 * ```ts
 * append(list, h('li', {}, 'one'), condition && h('li', {}, 'two'));
 * ```
 */
export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/**
 * Removes every child of an element (and optionally shows a placeholder line instead).
 *
 * @example
 * ```ts
 * clear(chatLog, 'Create or pick a session to start.');
 * ```
 */
export function clear(element: Element, placeholder?: string): void {
  element.replaceChildren();
  if (placeholder) element.appendChild(h('p', { class: 'placeholder' }, placeholder));
}

/**
 * Compact JSON for display (`undefined` → empty).
 *
 * @example
 * ```ts
 * compactJson({ city: 'Paris' }); // '{"city":"Paris"}'
 * ```
 */
export function compactJson(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
