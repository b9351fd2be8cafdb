/**
 * jsdom has <dialog> but not its modal behaviour (showModal, close, Escape as a cancel). This
 * adds the parts our Dialog relies on, as the HTML standard describes them, so components run
 * unchanged; the real thing (inert page, top layer) is checked in Chromium by the e2e suites.
 */
// Node-environment suites (`@jest-environment node`) have no DOM at all.
const proto = typeof HTMLDialogElement === 'undefined' ? undefined : (HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void });
if (proto && typeof proto.showModal !== 'function') {
  const modals: HTMLDialogElement[] = [];
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
    modals.push(this);
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    const i = modals.indexOf(this);
    if (i >= 0) modals.splice(i, 1);
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    const top = modals[modals.length - 1];
    if (event.key !== 'Escape' || !top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
