// The second-factor forms use the domain's schemas (src/domain/validation/account.ts), as the server does.
export {
  enrolmentPasswordSchema,
  SECOND_FACTOR_CODE_MAX,
  SECOND_FACTOR_CODE_MESSAGE,
  secondFactorCodeSchema,
  TOTP_CODE_MESSAGE,
  totpCodeSchema,
} from '#domain/validation/account';

/** 'ABCDEFGH…' as 'ABCD EFGH …', easier to type into an app by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');
