/**
 * A prerendered page's links all work before its script has run: they are real addresses. A few of them do
 * something else once the page is taken over: /lead's "See how it works" opens the video instead of scrolling
 * to the section. The page is taken over at the visitor's first use (taken-over-on-first-use.ts), so the very
 * tap that fetches the script would otherwise only follow the link, and the video would open on a second tap.
 * A link marked with this attribute keeps its click until the page is taken over, then gets it again.
 *
 * A module of its own, with no imports: the entry (main.tsx) reads it and must stay tiny.
 */
export const HELD_CLICK_ATTRIBUTE = 'data-click-after-take-over';

/**
 * Holds clicks on marked links from now until `release`. Released once the page is taken over, the last held
 * link is clicked again (the page's script now answers it); released after a failed take-over (the whole app
 * will draw the page afresh), the link is followed as it would have been.
 */
export function holdClicksUntilTakenOver(target: Window = window): { release: (takenOver: boolean) => void } {
  let held: HTMLAnchorElement | undefined;
  const onClick = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest(`a[${HELD_CLICK_ATTRIBUTE}]`) : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    event.preventDefault();
    held = link;
  };
  target.addEventListener('click', onClick, true);
  return {
    release(takenOver) {
      target.removeEventListener('click', onClick, true);
      const link = held;
      held = undefined;
      if (!link) return;
      if (takenOver && link.isConnected) link.click();
      else target.location.assign(link.href);
    },
  };
}
