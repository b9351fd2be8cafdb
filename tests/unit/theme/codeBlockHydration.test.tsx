import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Prism, themes } from 'prism-react-renderer';

// What the swizzled CodeBlock/Content reads from Docusaurus, controlled per test.
const env = { server: false, isBrowser: false, theme: themes.github };
jest.mock('@docusaurus/ExecutionEnvironment', () => ({
  __esModule: true,
  default: {
    get canUseDOM() {
      return !env.server;
    },
  },
}));
jest.mock('@docusaurus/useIsBrowser', () => ({ __esModule: true, default: () => env.isBrowser }));
jest.mock('@docusaurus/theme-common', () => ({ usePrismTheme: () => env.theme }));
jest.mock('@docusaurus/theme-common/internal', () => ({
  useCodeBlockContext: () => ({
    metadata: { code: '{\n  "id": "usr_1"\n}', language: 'json', lineNumbersStart: undefined, lineClassNames: {} },
    wordWrap: { codeBlockRef: () => undefined },
  }),
}));

// Imported after the mocks above (jest hoists jest.mock calls anyway).
import CodeBlockContent from '@site/src/theme/CodeBlock/Content';

describe('code block hydration', () => {
  let container: HTMLDivElement;
  let root: Root | undefined;
  beforeEach(() => {
    env.isBrowser = false;
    env.theme = themes.github;
    container = document.createElement('div');
    document.body.appendChild(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container.remove();
    jest.restoreAllMocks();
  });

  /** Rendered as on the server (no DOM there). */
  function serverHtml(): string {
    env.server = true;
    try {
      return renderToString(<CodeBlockContent />);
    } finally {
      env.server = false;
    }
  }

  /** Server HTML, then hydration as Docusaurus does it: isBrowser false first, true after mount. */
  function hydrate(): void {
    container.innerHTML = serverHtml();
    act(() => {
      root = hydrateRoot(container, <CodeBlockContent />);
    });
    env.isBrowser = true;
    act(() => root!.render(<CodeBlockContent />));
  }

  it('keeps the server-highlighted lines without tokenizing the code again', () => {
    const serverToken = () => container.querySelector('.token.property');
    container.innerHTML = serverHtml();
    const token = serverToken();
    // prism-react-renderer runs this hook each time it tokenizes.
    const tokenized: string[] = [];
    Prism.hooks.add('before-tokenize', (e) => void tokenized.push(e.code));
    act(() => {
      root = hydrateRoot(container, <CodeBlockContent />);
    });
    env.isBrowser = true;
    act(() => root!.render(<CodeBlockContent />));
    expect(tokenized.filter((code) => code !== '')).toEqual([]);
    expect(serverToken()).toBe(token); // the very element the server wrote
    expect(token?.textContent).toBe('"id"');
    expect(container.querySelector('code')!.innerHTML).toContain('usr_1');
  });

  it('renders the lines for real once the color theme differs from the server one, and keeps them', () => {
    hydrate();
    const light = container.querySelector<HTMLElement>('.token.property')!.style.color;
    env.theme = themes.dracula;
    act(() => root!.render(<CodeBlockContent />));
    const dark = container.querySelector<HTMLElement>('.token.property')!.style.color;
    expect(dark).not.toBe(light);
    // Back to the server's theme: the lines stay rendered (not emptied).
    env.theme = themes.github;
    act(() => root!.render(<CodeBlockContent />));
    expect(container.querySelector<HTMLElement>('.token.property')!.style.color).toBe(light);
  });
});
