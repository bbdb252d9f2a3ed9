import type { ESignature } from '#providers/e-signature/port';
import type { SandboxESignature } from '#providers/e-signature/sandbox';
import type { Config } from '#server/env';
import type { OpenUnit } from '#server/unit-of-work';

/**
 * What the signing feature is given: the door to units of work, the configuration, and the e-signature
 * provider (DocuSign, or the built-in sandbox with its signing page). Never the app's whole services nor the
 * database itself. The provider is a vendor: app.ts wraps it so it refuses to be called inside a unit
 * (outsideUnits). Each flow asks it between units and passes its answer in; the sandbox keeps its envelopes in
 * this same database, so asking it inside a unit would even wait on the unit's own locks.
 */
export type SigningDeps = {
  openUnit: OpenUnit;
  config: Config;
  eSignature: ESignature;
  /** The sandbox's own calls (its signing page's tokens); null with DocuSign. */
  eSignatureSandbox: SandboxESignature | null;
};
