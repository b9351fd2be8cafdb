import { renderToStaticMarkup } from 'react-dom/server';
import { Highlight, themes } from 'prism-react-renderer';
import { escapeHtml, linesToHtml, styleToCss } from '@site/src/theme/CodeBlock/Content/_html';

/** The HTML our swizzled code block writes for `code`, next to what React renders per element. */
function both(code: string, language = 'json'): { ours: string; react: string } {
  let ours = '';
  const react = renderToStaticMarkup(
    <Highlight theme={themes.github} code={code} language={language}>
      {({ tokens, getLineProps, getTokenProps }) => {
        ours = linesToHtml(tokens, getLineProps, getTokenProps);
        return (
          <>
            {tokens.map((raw, i) => {
              // As the theme's CodeBlock/Line: a line holding only "\n" is rendered empty.
              const line = raw.length === 1 && raw[0]!.content === '\n' ? [{ ...raw[0]!, content: '' }] : raw;
              return (
                <div key={i} {...getLineProps({ line })}>
                  {line.map((token, j) => (
                    <span key={j} {...getTokenProps({ token })} />
                  ))}
                  <br />
                </div>
              );
            })}
          </>
        );
      }}
    </Highlight>,
  );
  return { ours, react };
}

describe('code block lines as one HTML string', () => {
  it('matches the markup React renders for the same tokens', () => {
    const { ours, react } = both('{\n  "id": "usr_1",\n\n  "ok": true\n}');
    expect(ours.replace(/<br>/g, '<br/>')).toBe(react);
  });

  it('escapes code so a sample can never inject markup', () => {
    const { ours } = both('<script>alert("x")</script> & \'q\'', 'markup');
    expect(ours).not.toContain('<script>');
    expect(ours).toContain('&lt;');
    expect(ours).toContain('&amp;');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('writes React style objects as CSS text', () => {
    expect(styleToCss({ color: '#fff', fontStyle: 'italic', textDecorationLine: 'line-through' })).toBe('color:#fff;font-style:italic;text-decoration-line:line-through');
    expect(styleToCss(undefined)).toBe('');
  });
});
