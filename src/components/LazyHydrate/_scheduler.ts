/**
 * When deferred islands (see LazyHydrate) come alive: when they come near the viewport. Islands
 * the reader never scrolls to stay server HTML, which is already what they would render; an idle
 * queue that activated them all was measured to add ~600 ms of blocking time on a throttled phone.
 */
type Activate = () => void;

const pending = new Map<Element, Activate>();
let observer: IntersectionObserver | null = null;

function activate(target: Element): void {
  const fn = pending.get(target);
  if (!fn) return;
  pending.delete(target);
  observer?.unobserve(target);
  fn();
}

/**
 * Calls `fn` once `el` (an island wrapper with `display: contents`, so its first element is the
 * box that is observed) is within a screen of the viewport. Returns a function that forgets it.
 */
export function scheduleActivation(el: Element, fn: Activate): () => void {
  const target = el.firstElementChild ?? el;
  if (typeof IntersectionObserver === 'undefined') {
    fn();
    return () => undefined;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) if (e.isIntersecting) activate(e.target);
    },
    { rootMargin: '100% 0px' },
  );
  pending.set(target, fn);
  observer.observe(target);
  return () => {
    pending.delete(target);
    observer?.unobserve(target);
  };
}
