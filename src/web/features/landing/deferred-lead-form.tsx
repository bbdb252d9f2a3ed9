import {
  Component,
  memo,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { NavigationProvider, useNavigation, type Navigation } from '#web/components/layout/navigation';

// The lead form's code (react-hook-form, the fields, the lead API) is a fifth of what /lead would download
// before it can be used, and a visitor who only reads the page never needs it. On a prerendered /lead the
// form is plain HTML until the visitor starts on it (a pointer over it, a tap, a focus, a key): only then is
// its code fetched and the form taken over where it stands. What was typed meanwhile is kept (react-hook-form
// reads an input edited before it registered it). Sent before then, it is a real form: the browser posts it and
// the server answers (the next step, or the page again with the messages). On a page the browser draws (not
// prerendered) the form loads at once.

type LeadFormModule = typeof import('./lead-form');

let loaded: LeadFormModule | undefined;
let loading: Promise<LeadFormModule> | undefined;

/** Fetches the form's code (once); the build's prerendering calls it before drawing /lead. */
export function loadLeadForm(): Promise<LeadFormModule> {
  loading ??= import('./lead-form').then((module) => (loaded = module));
  // A failed download is tried again at the next attempt.
  loading.catch(() => (loading = undefined));
  return loading;
}

let startedOnForm: (() => void) | undefined;
let visitorHasStarted = false;
/** Settles once the visitor has started on the form and its download has ended (arrived or failed). */
const visitorStarted = new Promise<void>((resolve) => (startedOnForm = resolve)).then(() =>
  loadLeadForm().then(
    () => undefined,
    () => undefined,
  ),
);
const startOnForm = () => {
  visitorHasStarted = true;
  startedOnForm?.();
};

/** Whether a field of the form differs from the page as drawn: the visitor typed, or ticked a box. */
const hasBeenEdited = (element: HTMLElement) =>
  Array.from(element.querySelectorAll('input')).some((input) =>
    input.type === 'checkbox' ? input.checked !== input.defaultChecked : input.value !== input.defaultValue,
  );

const START_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const noSubscription = () => () => undefined;
/** True while React takes over HTML drawn by the build (and while the build draws it), false afterwards. */
const useTakingOver = () =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

function LeadFormWhenLoaded() {
  // Read here, inside the boundary, so that nothing passed down changes while the form waits (a boundary
  // still waiting that receives a change is drawn afresh, and the form would blink).
  const takingOver = useTakingOver();
  if (loaded === undefined) {
    if (takingOver && !visitorHasStarted) use(visitorStarted);
    // Drawn in the browser, or the download failed while the visitor waited: fetched (again) now.
    else use(loadLeadForm());
  }
  const { LeadForm } = loaded!;
  return <LeadForm />;
}

/**
 * The lead form: its code is fetched when the visitor starts on it, or at once on a page drawn in the browser.
 * Drawn once: what the page around it does meanwhile (a modal opening, the address's state changing) never
 * reaches a form that is still waiting for its code.
 */
export const DeferredLeadForm = memo(function DeferredLeadForm() {
  const navigation = useNavigation();
  const latest = useRef(navigation);
  useLayoutEffect(() => {
    latest.current = navigation;
  });
  // The form reads the address and navigates through this one unchanging value, always the latest.
  const [form] = useState(() => {
    const stable: Navigation = {
      get location() {
        return latest.current.location;
      },
      navigate: (to, options) => latest.current.navigate(to, options),
    };
    return (
      <NavigationProvider value={stable}>
        <DownloadFailure>
          <Suspense fallback={null}>
            <LeadFormWhenLoaded />
          </Suspense>
        </DownloadFailure>
      </NavigationProvider>
    );
  });
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = frame.current;
    if (element === null || loaded !== undefined) return;
    // Heard on the window, before React: React holds back (and stops) events aimed at a part it has not
    // taken over yet.
    const start = (event: Event) => {
      if (!(event.target instanceof Node) || !element.contains(event.target)) return;
      stop();
      startOnForm();
    };
    const stop = () => {
      for (const type of START_EVENTS) window.removeEventListener(type, start, true);
    };
    for (const type of START_EVENTS) window.addEventListener(type, start, { capture: true, passive: true });
    // A visitor quicker than the script (on a slow phone, or a busy one) may be in the form already, its
    // events gone before anyone listened: a field holding the focus, or one already typed into, is a start.
    if (element.contains(document.activeElement) || hasBeenEdited(element)) {
      stop();
      startOnForm();
    }
    return stop;
  }, []);

  return (
    <div ref={frame} className="mt-5">
      {form}
    </div>
  );
});

/** The form's code could not be downloaded (a dropped connection): say so, and offer to load the page again. */
class DownloadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-900">
        <p>
          <FormattedMessage
            id="lead.form.loadFailed"
            defaultMessage="The form could not be loaded. Please check your internet connection and try again."
          />
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-3 min-h-11 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
        >
          <FormattedMessage id="lead.form.tryAgain" defaultMessage="Try again" />
        </button>
      </div>
    );
  }
}
