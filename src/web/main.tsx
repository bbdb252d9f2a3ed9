import { PRERENDERED_PAGES } from './prerendered-pages';
import './styles.css';

// The entry is kept tiny: React, the router and the pages come in their own chunks (boot.tsx).
const container = document.getElementById('root')!;
const prerendered = container.firstElementChild !== null;
const boot = () => import('./boot').then(({ start }) => start(container, prerendered));

if (prerendered) {
  // A landing page arrives as HTML that paints by itself. The app is fetched and run only once the browser
  // has painted it: on a slow connection the stylesheet does not share the line with the scripts, and on a
  // slow phone the first paint does not wait for the scripts to be evaluated. The page's own modules are
  // fetched beside the app, not after it.
  afterNextPaint(() => {
    // A failed download is the router's to retry and report.
    for (const loading of PRERENDERED_PAGES[window.location.pathname]?.() ?? [])
      loading.catch(() => undefined);
    void boot();
  });
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
