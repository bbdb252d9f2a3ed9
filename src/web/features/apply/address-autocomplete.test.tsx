import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { FormProvider } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  byLabel,
  mockApi,
  mount,
  settle,
  typeInto,
  waitFor,
  type ApiCall,
  type Mounted,
} from '#web/components/ui/form/dom-test-helpers';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import {
  ADDRESS_DEBOUNCE_MS,
  AddressAutocompleteField,
  type AddressSuggestion,
} from './address-autocomplete';

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  document.body.innerHTML = '';
});

const SUGGESTIONS: AddressSuggestion[] = [
  {
    label: '12 Main St, Austin, TX 78701',
    addressLine1: '12 Main St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
  },
  {
    label: '12 Main Ave, Boise, ID 83702',
    addressLine1: '12 Main Ave',
    city: 'Boise',
    state: 'ID',
    zipCode: '83702',
  },
];

function Harness({ onPick }: { onPick: (s: AddressSuggestion) => void }) {
  const form = useZodForm(z.object({ addressLine1: z.string() }), { addressLine1: '' });
  return (
    <FormProvider {...form}>
      <form>
        <AddressAutocompleteField name="addressLine1" label="Street address" onPick={onPick} />
      </form>
    </FormProvider>
  );
}

function render(
  reply: Parameters<typeof mockApi>[0][string] = { status: 200, body: { suggestions: SUGGESTIONS } },
) {
  const calls = mockApi({
    'GET /api/address-suggestions?query=12%20M': reply,
    'GET /api/address-suggestions?query=12%20Main': reply,
  });
  const picked: AddressSuggestion[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  mounted = mount(
    <QueryClientProvider client={client}>
      <Harness onPick={(s) => picked.push(s)} />
    </QueryClientProvider>,
  );
  return { calls, picked, input: byLabel('Street address') };
}

const suggestionCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path.startsWith('/api/address-suggestions')).map((c) => c.path);
const options = () => [...document.querySelectorAll('[role="option"]')];
const press = (input: HTMLElement, key: string) =>
  act(() => input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })));
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('AddressAutocompleteField', () => {
  it('is a combobox that asks only from the third character, once typing rests', async () => {
    const { calls, input } = render();
    expect([input.getAttribute('role'), input.getAttribute('aria-expanded')]).toEqual(['combobox', 'false']);
    typeInto(input, '12');
    await wait(ADDRESS_DEBOUNCE_MS + 50);
    expect(suggestionCalls(calls)).toEqual([]);
    typeInto(input, '12 M');
    typeInto(input, '12 Ma');
    typeInto(input, '12 Main');
    await wait(ADDRESS_DEBOUNCE_MS - 150);
    expect(suggestionCalls(calls)).toEqual([]);
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    expect(suggestionCalls(calls)).toEqual(['/api/address-suggestions?query=12%20Main']);
    expect(options().map((o) => o.textContent)).toEqual(SUGGESTIONS.map((s) => s.label));
    expect(document.getElementById(input.getAttribute('aria-controls')!)?.getAttribute('role')).toBe(
      'listbox',
    );
  });

  it('moves with the arrow keys (wrapping), closes on Escape and picks with Enter', async () => {
    const { input, picked } = render();
    typeInto(input, '12 Main');
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    press(input, 'ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    press(input, 'ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    press(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('12 Main');
    press(input, 'ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    press(input, 'Enter');
    expect(input.value).toBe('12 Main St');
    expect(picked).toEqual([SUGGESTIONS[0]]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('picks with the mouse', async () => {
    const { input, picked } = render();
    typeInto(input, '12 Main');
    await waitFor(() => expect(options().length).toBe(2));
    await act(async () => (options()[1] as HTMLElement).click());
    expect([input.value, picked]).toEqual(['12 Main Ave', [SUGGESTIONS[1]]]);
  });

  it('stays a plain text field when suggestions cannot be had', async () => {
    const { calls, input } = render({ status: 500, body: {} });
    typeInto(input, '12 Main');
    await waitFor(() => expect(suggestionCalls(calls).length).toBe(1));
    await settle();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('12 Main');
  });
});
