import { readFileSync } from 'node:fs';
import {
  capPlanFees,
  feeCapFor,
  parseStateFeeCaps,
  PLAN_FEE_SETTINGS,
  type PlanFees,
  type StateFeeCap,
} from '#domain/underwriting/plan-fees';
import { projectPath } from '#server/project-files';

// The state fee caps of src/data/state_dmp_rules.csv, read once (docs/decisions/0048).

export const STATE_RULES_FILE = projectPath('src/data/state_dmp_rules.csv');

let caps: ReadonlyMap<string, StateFeeCap> | undefined;

/** Caps by state, parsed on first use; a file the rule cannot read stops the server rather than skip a cap. */
export function stateFeeCaps(): ReadonlyMap<string, StateFeeCap> {
  caps ??= parseStateFeeCaps(readFileSync(STATE_RULES_FILE, 'utf8'));
  return caps;
}

/** The caps that apply to a borrower living in `state`. */
export const feeCapForState = (state: string | null | undefined): StateFeeCap =>
  feeCapFor(state, stateFeeCaps());

/** The agency's fees for a plan of `accounts` accounts in `state`, capped by the state's law. */
export const planFeesFor = (state: string | null | undefined, accounts: number): PlanFees =>
  capPlanFees(PLAN_FEE_SETTINGS, feeCapForState(state), accounts);
