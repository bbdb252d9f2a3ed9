import type { Page } from '@playwright/test';
import { expect } from './axe';
import { visible } from './browser';

// The counselling-call booking page as a person uses it, for the journeys that book a call.

/** Picks a day (the `dayIndex`th offered) and its first time; answers the chosen start (ISO). */
export async function pickSlot(page: Page, dayIndex: number): Promise<string> {
  const days = page.getByRole('group', { name: 'Day', exact: true }).getByRole('button');
  await visible(days.first(), 30_000);
  await days.nth(Math.min(dayIndex, (await days.count()) - 1)).click();
  const times = page.getByRole('group', { name: /^Time on / });
  // A time is a tile: its label is what a person taps (the radio inside is drawn as the tile).
  await times.locator('label').first().click();
  await expect(times.getByRole('radio').first()).toBeChecked();
  return times.locator('input[type=radio]:checked').inputValue();
}
