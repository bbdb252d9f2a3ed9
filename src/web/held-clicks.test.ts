import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_CLICK_ATTRIBUTE, holdClicksUntilTakenOver } from './held-clicks';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

/** A marked link and a plain one, as a prerendered page has them before its script runs. */
function page() {
  document.body.innerHTML = `<a id="held" href="#how-it-works" ${HELD_CLICK_ATTRIBUTE}><span>See how it works</span></a>
    <a id="plain" href="#lead-form">Get Started</a>`;
  return {
    held: document.getElementById('held') as HTMLAnchorElement,
    plain: document.getElementById('plain') as HTMLAnchorElement,
  };
}

const click = (target: Element) => {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
};

describe('holdClicksUntilTakenOver', () => {
  it('holds a click on a marked link (or inside one) and gives it back once the page is taken over', () => {
    const { held, plain } = page();
    const clicks = holdClicksUntilTakenOver();
    expect(click(held.querySelector('span')!).defaultPrevented).toBe(true);
    // Other links are followed as they are.
    expect(click(plain).defaultPrevented).toBe(false);
    const given = vi.fn((event: MouseEvent) => event.preventDefault());
    held.addEventListener('click', given);
    clicks.release(true);
    expect(given).toHaveBeenCalledTimes(1);
    // Released: the next click is the page's own.
    expect(click(held).defaultPrevented).toBe(true);
    expect(given).toHaveBeenCalledTimes(2);
  });

  it('gives nothing back when nothing was clicked', () => {
    const { held } = page();
    const given = vi.fn();
    held.addEventListener('click', given);
    holdClicksUntilTakenOver().release(true);
    expect(given).not.toHaveBeenCalled();
  });

  it('follows the held link when the take-over failed (the whole app draws the page afresh)', () => {
    const { held } = page();
    const assign = vi.fn();
    const target = {
      addEventListener: window.addEventListener.bind(window),
      removeEventListener: window.removeEventListener.bind(window),
      location: { assign },
    } as unknown as Window;
    const clicks = holdClicksUntilTakenOver(target);
    click(held);
    clicks.release(false);
    expect(assign).toHaveBeenCalledWith(held.href);
    expect(click(held).defaultPrevented).toBe(false);
  });
});
