import type { ReactNode } from 'react';

/**
 * A small, safe Markdown reader for the agency's legal texts: headings (#, ##, ###), paragraphs, lists (- or
 * *), quoted notes (>), **bold** and [links](https://...). It builds React elements (never HTML from the
 * text), and a link is kept only when it goes to http(s), mailto, tel or a path of this site, so a text file
 * cannot inject markup or a javascript: link.
 */

export type MarkdownBlock =
  | { type: 'heading'; level: 1 | 2 | 3; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'note'; text: string };

/** Splits the text into blocks; a blank line ends a paragraph, a list or a note. */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  let note: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ type: 'list', items: list });
    if (note) blocks.push({ type: 'note', text: note.join(' ') });
    paragraph = [];
    list = null;
    note = null;
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.+)$/.exec(line);
    const item = /^[-*]\s+(.+)$/.exec(line);
    const quoted = /^>\s?(.*)$/.exec(line);
    if (line === '') flush();
    else if (heading) {
      flush();
      blocks.push({ type: 'heading', level: heading[1]!.length as 1 | 2 | 3, text: heading[2]! });
    } else if (item) {
      if (!list) flush();
      list = [...(list ?? []), item[1]!];
    } else if (quoted) {
      if (!note) flush();
      note = [...(note ?? []), quoted[1]!];
    } else if (list && raw.startsWith(' ')) {
      // An indented line continues the list item above.
      list[list.length - 1] += ` ${line}`;
    } else {
      if (list || note) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** Whether a link target may be followed: the web, email, phone, or a path of this site. */
export function isSafeHref(href: string): boolean {
  if (/^\/(?!\/)/.test(href)) return true;
  try {
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

const LINK_CLASS = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900';

/** **bold** and [text](href) inside a line of text; everything else is text as written. */
export function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    if (match[1] !== undefined) {
      out.push(<strong key={match.index}>{match[1]}</strong>);
    } else if (isSafeHref(match[3]!)) {
      out.push(
        <a key={match.index} href={match[3]} className={LINK_CLASS}>
          {match[2]}
        </a>,
      );
    } else {
      out.push(match[2]);
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** The blocks as the page shows them (the first-level heading is the page's own h1). */
export function Markdown({ blocks }: { blocks: MarkdownBlock[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading': {
            const Heading = (['h1', 'h2', 'h3'] as const)[block.level - 1]!;
            const size = ['text-3xl sm:text-4xl', 'mt-8 text-xl', 'mt-6 text-lg'][block.level - 1];
            return (
              <Heading key={i} className={`${size} font-bold text-gray-900`}>
                {renderInline(block.text)}
              </Heading>
            );
          }
          case 'paragraph':
            return (
              <p key={i} className="mt-3 text-gray-800">
                {renderInline(block.text)}
              </p>
            );
          case 'list':
            return (
              <ul key={i} className="mt-3 list-disc space-y-1 pl-6 text-gray-800">
                {block.items.map((item, j) => (
                  <li key={j}>{renderInline(item)}</li>
                ))}
              </ul>
            );
          case 'note':
            return (
              <aside
                key={i}
                className="mt-4 rounded-lg border-l-4 border-amber-500 bg-amber-50 px-4 py-3 text-gray-900"
              >
                {renderInline(block.text)}
              </aside>
            );
        }
      })}
    </>
  );
}
