import { yearsBetween, type CalendarDate } from '../calendar';
import { SITE } from '../site';
import { parseFormDate } from '../validation/format';
import type { OutcomeText } from './outcomes';

// A debt management plan is a contract: the borrower (and a spouse on the application) signs a Letter of
// Authorization and promises a monthly payment. Someone under 18 cannot be held to a contract, so the
// application stops before the credit pull: nobody's file is read for a plan they could not sign. Registering
// (13 and over) is a different rule and stays as it is.

/** The age at which a person can sign the plan's contract. */
export const MINIMUM_CONTRACT_AGE = 18;

/**
 * True when a date of birth ('MM-dd-yyyy', as the forms write it) makes the person younger than 18 on
 * `today`, a day of the agency's calendar. Someone born on 29 February turns 18 on 1 March in a year without
 * one. A missing or unreadable date is not judged here: the household form requires a real one.
 */
export function isUnderContractAge(dateOfBirth: string | null | undefined, today: CalendarDate): boolean {
  const birth = dateOfBirth ? parseFormDate(dateOfBirth) : undefined;
  if (!birth) return false;
  return yearsBetween(birth, today) < MINIMUM_CONTRACT_AGE;
}

/** Who on the application is under 18. */
export type UnderAgePerson = 'borrower' | 'spouse';

const counselling = {
  title: 'Talk to a counsellor, free',
  text: `Call us at ${SITE.phone.display}, ${SITE.hours}. A certified credit counsellor will talk your situation through with you, free of charge, whatever your age.`,
  link: { label: `Call ${SITE.phone.display}`, href: `tel:${SITE.phone.tel}` },
};

const fixDate = {
  title: 'If the date of birth is wrong',
  text: 'Correct it on the household page, then come back here: your application is still open.',
  link: { label: 'Correct the date of birth', href: '/household' },
};

/** What the credit page says instead of pulling credit, for the borrower or the spouse. */
export const UNDER_CONTRACT_AGE_TEXTS: Readonly<Record<UnderAgePerson, OutcomeText>> = {
  borrower: {
    title: 'You need to be 18 to start a plan',
    why:
      'A Debt Management Plan is a contract: you sign it and promise a monthly payment. A person under 18 ' +
      'cannot sign a contract, and the date of birth you gave makes you younger than 18. We have stopped ' +
      'here, before checking your credit.',
    nextSteps: [
      fixDate,
      {
        title: 'A parent or guardian can apply',
        text: 'If the debts are in a parent’s or guardian’s name, they can apply for a plan for their own debts.',
      },
      counselling,
    ],
  },
  spouse: {
    title: 'Your spouse needs to be 18 to sign the plan',
    why:
      'A Debt Management Plan is a contract that you and your spouse both sign. A person under 18 cannot ' +
      'sign a contract, and the date of birth given for your spouse makes them younger than 18. We have ' +
      'stopped here, before checking anyone’s credit.',
    nextSteps: [
      fixDate,
      {
        title: 'Apply on your own',
        text: 'You can apply for your own debts without your spouse: answer No to ‘Are you applying with a spouse?’ on the household page.',
        link: { label: 'Change the household answers', href: '/household' },
      },
      counselling,
    ],
  },
};
