/**
 * Puts text on the clipboard. The Clipboard API needs a secure context (https or localhost);
 * elsewhere (a plain-http install on a LAN) the older copy command does it from a hidden field.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  const focused = document.activeElement;
  document.body.appendChild(field);
  field.select();
  const copied = document.execCommand('copy');
  field.remove();
  if (focused instanceof HTMLElement) focused.focus();
  if (!copied) throw new Error('Your browser did not allow copying to the clipboard');
}
