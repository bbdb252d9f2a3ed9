import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isSafeHref, Markdown, parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists and notes, a blank line ending each', () => {
    expect(
      parseMarkdown(
        '# Title\r\n\r\n> **Template** for\n> review.\n\nFirst line\nsecond line.\n\n## Part\n- one\n  more\n* two\n\nEnd.',
      ),
    ).toEqual([
      { type: 'heading', level: 1, text: 'Title' },
      { type: 'note', text: '**Template** for review.' },
      { type: 'paragraph', text: 'First line second line.' },
      { type: 'heading', level: 2, text: 'Part' },
      { type: 'list', items: ['one more', 'two'] },
      { type: 'paragraph', text: 'End.' },
    ]);
  });

  it.each([
    ['', []],
    ['#NoSpace', [{ type: 'paragraph', text: '#NoSpace' }]],
    ['#### Deep', [{ type: 'paragraph', text: '#### Deep' }]],
    ['-no space', [{ type: 'paragraph', text: '-no space' }]],
  ])('%j → %j', (source, blocks) => {
    expect(parseMarkdown(source)).toEqual(blocks);
  });
});

describe('isSafeHref', () => {
  it.each([
    ['https://agency.example/privacy', true],
    ['http://agency.example', true],
    ['mailto:help@example.org', true],
    ['tel:+18005550199', true],
    ['/privacy-policy', true],
    ['javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['//evil.example', false],
    ['vbscript:x', false],
    ['not a url', false],
  ])('%s → %s', (href, safe) => {
    expect(isSafeHref(href)).toBe(safe);
  });
});

describe('<Markdown>', () => {
  it('draws text as text: markup in a file never becomes HTML, and unsafe links lose their target', () => {
    const { container } = render(
      <Markdown
        blocks={parseMarkdown(
          '# Policy\n\nSee [our site](https://agency.example) and [this](javascript:alert(1)). <img src=x onerror=alert(1)> **Bold**.',
        )}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Policy');
    expect(screen.getByRole('link', { name: 'our site' })).toHaveAttribute('href', 'https://agency.example');
    expect(screen.queryByRole('link', { name: 'this' })).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.querySelector('strong')).toHaveTextContent('Bold');
  });
});
