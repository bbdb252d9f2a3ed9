import { holdClicksUntilTakenOver } from './held-clicks';
import { TAKEN_OVER_ON_FIRST_USE } from './taken-over-on-first-use';
import './styles.css';

// The entry is kept tiny: React and the pages come in their own chunks. A landing page arrives prerendered and
// is taken over by the landing app (landing-app.tsx: React and the page, no router); every other page arrives
// empty and is drawn by the whole app (boot.tsx).
/** What counts as the visitor starting to use a page (onFirstUse); declared before the code below runs. */
const FIRST_USE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'] as const;

const container = document.getElementById('root')!;
const prerendered = container.firstElementChild !== null;
const boot = () => import('./boot').then(({ start }) => start(container));

if (prerendered) {
  // A landing page paints by itself from its HTML. Its script is fetched and run only once the browser has
  // painted it: on a slow connection the stylesheet does not share the line with the scripts, and on a slow
  // phone the first paint does not wait for the scripts to be evaluated. A tap meanwhile on a link the script
  // answers differently (the video's) is held and given back once the page is taken over (held-clicks.ts).
  const clicks = holdClicksUntilTakenOver();
  const takeOver = () =>
    import('./landing-app')
      .then(({ startLanding }) => startLanding(container))
      .then(({ takenOver }) => takenOver)
      .then(() => clicks.release(true))
      // The landing app or the page's module did not arrive (a dropped connection): the whole app draws the
      // page afresh, and its router retries the download and offers to try again.
      .catch(() => {
        clicks.release(false);
        return boot();
      });
  if (TAKEN_OVER_ON_FIRST_USE.has(window.location.pathname)) onFirstUse(takeOver);
  else afterNextPaint(takeOver);
} else {
  void boot();
}

/** Runs `callback` after the browser's next paint (a frame callback runs just before it; a task, just after). */
function afterNextPaint(callback: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    callback();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  // A page opened in a background tab draws no frames: it starts anyway.
  setTimeout(once, 1000);
}

/** Runs `callback` once, at the visitor's first tap, click, pointer movement, key, focus or wheel turn. */
function onFirstUse(callback: () => void) {
  const once = () => {
    for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, once, true);
    callback();
  };
  for (const type of FIRST_USE_EVENTS) window.addEventListener(type, once, { capture: true, passive: true });
}
