import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusLeadForm, LEAD_FORM_ID, WAIT_FOR_FIELD_MS } from './focus-lead-form';

// Get Started brings the lead form into view and puts the focus on its first field, also when the form's code
// is still on the way (the field appears later).

function section(): HTMLElement {
  const element = document.createElement('section');
  element.id = LEAD_FORM_ID;
  element.scrollIntoView = vi.fn();
  document.body.append(element);
  return element;
}

/** MutationObserver reports after the current task's microtasks. */
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

function field(into: HTMLElement, label = 'First name'): HTMLInputElement {
  const input = document.createElement('input');
  input.setAttribute('aria-label', label);
  into.append(input);
  return input;
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('focusLeadForm', () => {
  it('focuses the first field of a form already drawn', () => {
    const form = section();
    const first = field(form);
    field(form, 'Last name');
    focusLeadForm();
    expect(document.activeElement).toBe(first);
  });

  it('waits for the fields of a form whose code arrives later, past the five seconds it used to wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const form = section();
    focusLeadForm();
    vi.advanceTimersByTime(20_000);
    const first = field(form);
    vi.useRealTimers();
    await observed();
    expect(document.activeElement).toBe(first);
  });

  it('stops waiting after WAIT_FOR_FIELD_MS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const form = section();
    focusLeadForm();
    vi.advanceTimersByTime(WAIT_FOR_FIELD_MS);
    field(form);
    vi.useRealTimers();
    await observed();
    expect(document.activeElement).toBe(document.body);
  });

  it('does nothing on a page without the form', () => {
    expect(() => focusLeadForm()).not.toThrow();
  });
});
