/**
 * Finding "the same element" in an island's server markup and in the markup React renders when
 * the island comes alive (see LazyHydrate), to give focus back and replay a click there.
 *
 * An element is named by its tag and its index among the island's elements of that tag. Of a
 * code block only the `pre` and its contents count: its copy and wrap buttons (and their
 * wrapper) exist only in the browser, so counting them would shift every later button.
 */
export interface ElementPath {
  tag: string;
  index: number;
}

const CODE_BLOCK = '.theme-code-block';

const counted = (el: Element): boolean => !el.closest(CODE_BLOCK) || el.closest('pre') !== null;

function candidates(root: Element, tag: string): Element[] {
  return Array.from(root.getElementsByTagName(tag)).filter(counted);
}

export function pathOf(root: Element, target: EventTarget | null): ElementPath | null {
  if (!(target instanceof Element) || !root.contains(target) || !counted(target)) return null;
  const tag = target.tagName.toLowerCase();
  const index = candidates(root, tag).indexOf(target);
  return index < 0 ? null : { tag, index };
}

export function elementAt(root: Element | null, path: ElementPath | null): HTMLElement | null {
  if (!root || !path) return null;
  const el = candidates(root, path.tag)[path.index];
  return el instanceof HTMLElement ? el : null;
}

/**
 * The control a click inside server markup was meant for, when its effect needs JavaScript
 * (buttons, tabs). Links and native controls (summary, form fields) work in server markup as
 * they are, so their clicks are left alone.
 */
export function scriptedControl(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest('button, [role="button"], [role="tab"]');
  return control instanceof HTMLElement && !control.closest(CODE_BLOCK) ? control : null;
}
