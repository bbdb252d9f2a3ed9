import { act, screen, waitFor } from '@testing-library/react';
import { FormProvider } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useZodForm } from '#web/components/ui/form/use-zod-form';
import { answerApi, type ApiCall, type ApiReply } from '#web/test/api-mock';
import { renderElement, type UserOptions } from '#web/test/render';
import {
  ADDRESS_DEBOUNCE_MS,
  AddressAutocompleteField,
  type AddressSuggestion,
} from './address-autocomplete';

afterEach(() => {
  vi.useRealTimers();
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
  reply: ApiReply = { status: 200, body: { suggestions: SUGGESTIONS } },
  userOptions?: UserOptions,
) {
  const calls = answerApi({
    'GET /api/address-suggestions?query=12%20M': reply,
    'GET /api/address-suggestions?query=12%20Main': reply,
  });
  const picked: AddressSuggestion[] = [];
  const { user, queryClient } = renderElement(<Harness onPick={(s) => picked.push(s)} />, '/', userOptions);
  const input = screen.getByRole<HTMLInputElement>('combobox', { name: 'Street address' });
  return { calls, picked, input, user, queryClient };
}

const suggestionCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.path.startsWith('/api/address-suggestions')).map((c) => c.path);
const options = () => screen.queryAllByRole('option');
/** Moves the (fake) clock on, as if the person rested that long. */
const rest = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('AddressAutocompleteField', () => {
  it('is a combobox that asks only from the third character, once typing rests', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls, input, user } = render(undefined, { advanceTimers: vi.advanceTimersByTime });
    expect([input.getAttribute('role'), input.getAttribute('aria-expanded')]).toEqual(['combobox', 'false']);
    await user.type(input, '12');
    await rest(ADDRESS_DEBOUNCE_MS + 50);
    expect(suggestionCalls(calls)).toEqual([]);
    await user.type(input, ' Main');
    await rest(ADDRESS_DEBOUNCE_MS - 150);
    expect(suggestionCalls(calls)).toEqual([]);
    await rest(150);
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    // Neither '12' (too short) nor '12 M' or '12 Ma' (typing had not rested) was asked for.
    expect(suggestionCalls(calls)).toEqual(['/api/address-suggestions?query=12%20Main']);
    expect(options().map((o) => o.textContent)).toEqual(SUGGESTIONS.map((s) => s.label));
    expect(screen.getByRole('listbox', { name: 'Street address suggestions' }).id).toBe(
      input.getAttribute('aria-controls'),
    );
  });

  it('moves with the arrow keys (wrapping), closes on Escape and picks with Enter', async () => {
    const { input, picked, user } = render();
    await user.type(input, '12 Main');
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowUp}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1]!.id);
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('12 Main');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('12 Main St');
    expect(picked).toEqual([SUGGESTIONS[0]]);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('picks with the mouse', async () => {
    const { input, picked, user } = render();
    await user.type(input, '12 Main');
    await waitFor(() => expect(options().length).toBe(2));
    await user.click(options()[1]!);
    expect([input.value, picked]).toEqual(['12 Main Ave', [SUGGESTIONS[1]]]);
  });

  it('stays a plain text field when suggestions cannot be had', async () => {
    const { calls, input, user, queryClient } = render({ status: 500, body: {} });
    await user.type(input, '12 Main');
    await waitFor(() => expect(suggestionCalls(calls).length).toBe(1));
    // The failed answer has come back and been handled.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('12 Main');
  });
});

describe('AddressAutocompleteField in Spanish', () => {
  it('names its list of suggestions after its label', async () => {
    answerApi({
      'GET /api/address-suggestions?query=12%20Main': { status: 200, body: { suggestions: SUGGESTIONS } },
    });
    function SpanishHarness() {
      const form = useZodForm(z.object({ addressLine1: z.string() }), { addressLine1: '' });
      return (
        <FormProvider {...form}>
          <form>
            <AddressAutocompleteField name="addressLine1" label="Dirección" onPick={() => undefined} />
          </form>
        </FormProvider>
      );
    }
    const { user } = renderElement(<SpanishHarness />, '/', undefined, 'es');
    await user.type(screen.getByRole('combobox', { name: 'Dirección' }), '12 Main');
    const list = await screen.findByRole('listbox', { name: 'Sugerencias para Dirección' });
    await waitFor(() => expect(list).toHaveTextContent('12 Main St, Austin, TX 78701'));
  });
});
