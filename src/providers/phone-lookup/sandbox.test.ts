import { describe, expect, it } from 'vitest';
import { phoneLookupContract } from '#tests/contracts/phone-lookup.contract';
import { createSandboxPhoneLookup, SANDBOX_DISCONNECTED_AREA_CODE } from './sandbox';

phoneLookupContract(createSandboxPhoneLookup);

describe('sandbox phone lookup rule (docs/providers.md)', () => {
  it.each([
    ['+12025550143', true, 'fictional 555-01xx line in a valid area code'],
    ['+12025550100', true, 'first number of the fictional range'],
    ['+12025550199', true, 'last number of the fictional range'],
    ['+13105550150', true, 'fictional range in another area code'],
    ['+12345678901', true, 'area code and exchange start with 2-9'],
    ['+19985550143', true, 'area code 998 is not the disconnected persona'],
    ['+12129995555', true, 'exchange 999 is fine: only area code 999 is disconnected'],
    ['+19995550143', false, 'area code 999 is the disconnected persona, even in the fictional range'],
    ['+19992345678', false, 'area code 999 with an ordinary exchange'],
    ['+10235550143', false, 'area code starts with 0'],
    ['+11235550143', false, 'area code starts with 1'],
    ['+12020550143', false, 'exchange starts with 0'],
    ['+12021550143', false, 'exchange starts with 1'],
    ['+2025550143', false, 'no country code 1'],
    ['+120255501430', false, 'eleven digits after +1'],
    ['+12025550143 ', false, 'trailing space'],
  ])('%s is valid: %s (%s)', async (phone, isValid) => {
    await expect(createSandboxPhoneLookup().verify(phone)).resolves.toEqual({ isValid });
  });

  it('names 999 as the disconnected area code', () => {
    expect(SANDBOX_DISCONNECTED_AREA_CODE).toBe('999');
  });
});
