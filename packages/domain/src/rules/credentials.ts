/**
 * The credential form of spec §3/§5: password and confirmedPassword, employeeId and
 * employeeIdConfirmed. Each confirmation must equal its original (`unmatched` on the
 * confirmation). An employee id may not contain a space (`cannotContainSpace`): it is a code.
 */
import * as z from 'zod';
import { requiredTextSchema, textSchema } from './generic';
import { mustMatch, RUN_WITH_FIELD_ISSUES } from './must-match';
import { passwordSchema } from './password';

export const employeeIdSchema = textSchema({ required: true, noSpace: true });

const passwordFields = {
  password: passwordSchema,
  confirmedPassword: requiredTextSchema,
};

const employeeIdFields = {
  employeeId: employeeIdSchema,
  employeeIdConfirmed: requiredTextSchema,
};

/** A new password and its confirmation (reset password, change password, candidate sign-up). */
export const passwordConfirmationSchema = z
  .object(passwordFields)
  .superRefine(mustMatch('password', 'confirmedPassword'), RUN_WITH_FIELD_ISSUES);

/** An employee id and its confirmation. */
export const employeeIdConfirmationSchema = z
  .object(employeeIdFields)
  .superRefine(mustMatch('employeeId', 'employeeIdConfirmed'), RUN_WITH_FIELD_ISSUES);

/** The whole credential form. */
export const credentialFormSchema = z
  .object({ ...passwordFields, ...employeeIdFields })
  .superRefine(mustMatch('password', 'confirmedPassword'), RUN_WITH_FIELD_ISSUES)
  .superRefine(mustMatch('employeeId', 'employeeIdConfirmed'), RUN_WITH_FIELD_ISSUES);

export type PasswordConfirmation = z.infer<typeof passwordConfirmationSchema>;
export type CredentialForm = z.infer<typeof credentialFormSchema>;
