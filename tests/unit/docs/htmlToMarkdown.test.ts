/**
 * @jest-environment node
 */
import { htmlToMarkdown } from '@site/src/plugins/htmlToMarkdown';

const HTML = `<html><head><title>T</title><meta name="description" content="Desc"></head><body><article><div class="theme-doc-markdown markdown">
<h1>Webhooks</h1>
<p>Use <code>POST /webhooks</code> and <a href="/api-docs#auth">auth</a>.</p>
<section data-accordion="x"><h2 id="x"><button><span><span>Security</span><span>sub</span></span></button><a class="hash-link" href="#x">#</a></h2></section>
<ul><li>one</li><li>two</li></ul>
<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td><code>x</code></td></tr></tbody></table>
<div class="theme-code-block language-json"><pre><code><span class="token-line">{</span><br><span class="token-line">  "a": 1</span><br><span class="token-line">}</span></code></pre></div>
</div></article></body></html>`;

it('converts a built docs page to Markdown', () => {
  const { title, description, markdown } = htmlToMarkdown(HTML, 'https://x.example');
  expect(title).toBe('Webhooks');
  expect(description).toBe('Desc');
  expect(markdown).toContain('# Webhooks\n');
  expect(markdown).toContain('Use `POST /webhooks` and [auth](https://x.example/api-docs#auth).');
  expect(markdown).toContain('## Security\n');
  expect(markdown).not.toContain('sub');
  expect(markdown).toContain('- one\n- two\n');
  expect(markdown).toContain('| A | B |\n| --- | --- |\n| 1 | `x` |');
  expect(markdown).toContain('```json\n{\n  "a": 1\n}\n```');
});
