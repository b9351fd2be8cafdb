import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

/**
 * The React behaviour LazyHydrate and the swizzled CodeBlock/Content rely on, which React does
 * not document: an element hydrated with an empty `dangerouslySetInnerHTML` and
 * `suppressHydrationWarning` keeps the server's inner HTML, untouched and unreported. If a React
 * upgrade changes this, the reference pages would empty their cards or re-render them at load
 * (CONTRIBUTING.md, "Performance mechanisms and upstream internals"): this test fails first.
 */
describe('React keeps server HTML under an empty dangerouslySetInnerHTML', () => {
  let container: HTMLDivElement;
  let root: Root | undefined;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    container.remove();
  });

  it('hydrates such an element without replacing, comparing or reporting its children', () => {
    const server = renderToString(
      <section>
        <div className="island">
          <article>
            <h3 id="far-card">GET /v1/accounts</h3>
            <button type="button">Copy</button>
          </article>
        </div>
      </section>,
    );
    container.innerHTML = server;
    const heading = container.querySelector('#far-card');
    const recoverable: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      act(() => {
        root = hydrateRoot(
          container,
          <section>
            <div className="island" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
          </section>,
          { onRecoverableError: (error) => void recoverable.push(error) },
        );
      });
      expect(container.querySelector('#far-card')).toBe(heading);
      expect(container.innerHTML).toBe(server);
      expect(recoverable).toEqual([]);
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });
});
