import { fireEvent, render as renderNode, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { InLanguage } from '#web/test/render';
import { ErrorModal } from './error-modal';
import { LoadingScreen } from './loading-screen';
import { Pagination } from './pagination';

let container: HTMLElement;

function render(node: ReactNode) {
  container = renderNode(node, { wrapper: InLanguage }).container;
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('LoadingScreen', () => {
  it.each([
    [{}, 'Loading...', null],
    [{ text: 'Saving...', subtext: 'This can take a minute.' }, 'Saving...', 'This can take a minute.'],
  ])('shows %o as a status', (props, text, subtext) => {
    render(<LoadingScreen {...props} />);
    const status = container.querySelector('[role="status"]');
    const lines = [...(status?.querySelectorAll('p') ?? [])].map((p) => p.textContent);
    expect(lines).toEqual(subtext === null ? [text] : [text, subtext]);
  });
});

describe('Pagination', () => {
  it('marks the current page and reports the page chosen', () => {
    const onPageChange = vi.fn();
    render(<Pagination pageCount={10} page={5} onPageChange={onPageChange} />);
    const pages = [...container.querySelectorAll('li')].map((li) => li.textContent);
    expect(pages).toEqual(['‹ Prev', '1', '2', '3', '4', '5', '6', '…', '9', '10', 'Next ›']);
    expect(button('Page 5').getAttribute('aria-current')).toBe('page');
    expect(button('Page 4').getAttribute('aria-current')).toBeNull();

    fireEvent.click(button('Page 9'));
    fireEvent.click(button('Next page'));
    fireEvent.click(button('Previous page'));
    fireEvent.click(button('Page 5'));
    expect(onPageChange.mock.calls).toEqual([[9], [6], [4]]);
  });

  it.each([
    [1, true, false],
    [3, false, true],
  ])('on page %i of 3, Previous disabled: %s, Next disabled: %s', (page, prevDisabled, nextDisabled) => {
    render(<Pagination pageCount={3} page={page} onPageChange={() => {}} />);
    expect(button('Previous page').disabled).toBe(prevDisabled);
    expect(button('Next page').disabled).toBe(nextDisabled);
  });

  it('renders nothing for a single page', () => {
    render(<Pagination pageCount={1} page={1} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('ErrorModal', () => {
  it('shows the message and closes on OK', () => {
    const onClose = vi.fn();
    render(<ErrorModal open message="There was a problem saving your information." onClose={onClose} />);
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain('There was a problem saving your information.');
    fireEvent.click(button('OK'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed', () => {
    render(<ErrorModal open={false} message="Hidden" onClose={() => {}} />);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
