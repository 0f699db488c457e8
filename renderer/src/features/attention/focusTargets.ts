/**
 * Where keyboard focus goes around decisions: to a waiting approval card in one keystroke, and back to where the user
 * was (the element focused before, else the composer) once the decision is made.
 */

/** The composer's text box, when a chat is on screen. */
export function composerElement(): HTMLElement | null {
  return document.querySelector<HTMLElement>('.chat-composer-input');
}

let returnTo: HTMLElement | null = null;

/** Remembers where focus came from when it enters an approval card (ignored when it moves inside cards). */
export function rememberFocusOrigin(origin: EventTarget | null): void {
  if (!(origin instanceof HTMLElement) || origin === document.body || origin.closest('[data-approval-id]')) return;
  returnTo = origin;
}

/** Puts focus back where it was before the user turned to a decision; the composer when that place is gone. */
export function returnFocus(): void {
  const target = returnTo?.isConnected ? returnTo : composerElement();
  returnTo = null;
  target?.focus();
}

/** The approval cards on screen, oldest first as the host lists them. */
function approvalCards(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-approval-id]')];
}

/** Focuses the card of approval `id` (or the first one on screen); false when there is none. */
export function focusApproval(id?: string): boolean {
  const cards = approvalCards();
  const card = (id ? cards.find((c) => c.dataset.approvalId === id) : undefined) ?? cards[0];
  if (!card) return false;
  rememberFocusOrigin(document.activeElement);
  card.scrollIntoView({ block: 'nearest' });
  card.focus();
  return true;
}

/** Focuses approval `id` once its card is rendered (after a navigation), trying for about a second. */
export function focusApprovalSoon(id: string, tries = 30): void {
  if (focusApproval(id) || tries <= 0) return;
  window.setTimeout(() => focusApprovalSoon(id, tries - 1), 33);
}
