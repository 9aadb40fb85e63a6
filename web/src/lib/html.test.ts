import { describe, expect, it } from 'vitest';
import { blocksToHTML, escapeHTML, mailLink } from './html';

describe('escapeHTML', () => {
  it('escapes every character that means something in HTML', () => {
    expect(escapeHTML(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('blocksToHTML', () => {
  it('turns strings into paragraphs and arrays into lists', () => {
    expect(blocksToHTML(['One.', ['a', 'b'], 'Two.'])).toBe('<p>One.</p><ul><li>a</li><li>b</li></ul><p>Two.</p>');
  });

  it('fills text and link placeholders, escaping both', () => {
    const html = blocksToHTML(['Write to {mail} at {who} & co.'], { mail: mailLink('a@b.example'), who: '<Acme>' });
    expect(html).toBe('<p>Write to <a href="mailto:a@b.example">a@b.example</a> at &lt;Acme&gt; &amp; co.</p>');
  });

  it('keeps unknown placeholders visible and never passes markup through', () => {
    expect(blocksToHTML(['{typo} <b>bold</b>'])).toBe('<p>{typo} &lt;b&gt;bold&lt;/b&gt;</p>');
  });
});
