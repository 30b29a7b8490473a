/** The id of the shell's main region: the skip link's target, and where focus goes when its owner is gone. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves the focus to the main region (it has tabIndex -1), so the next Tab starts from the page's content. */
export function focusMainContent() {
  document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
}
