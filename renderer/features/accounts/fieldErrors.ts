import { useState } from 'react';
import { t } from '@lingui/core/macro';
import type { AppError } from '../../../shared/errors';
import { looksLikeCode } from '../../../shared/failures';
import { FIELD_PROBLEM, isFieldProblem } from '../../../shared/model/fieldProblems';
import { fieldProblemWords } from './fieldProblemWords';
import { accountRefusalWords } from './refusalWords';
import { CHANNELS, type Channel, type RequestOf } from '../../../shared/ipc';

export type FieldErrors = Record<string, string[]>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * zod issues -> field name -> problem codes (issues without a path go under "form"). zod's own
 * messages (English, for developers) become the generic code.
 */
function fieldErrorsFromIssues(issues: readonly IssueLike[]): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    (result[field] ??= []).push(isFieldProblem(issue.message) ? issue.message : FIELD_PROBLEM.invalid);
  }
  return result;
}

export function fieldErrorsFromAppError(error: AppError | null): FieldErrors {
  if (error?.kind !== 'validation' || !error.fields) return {};
  // A coded refusal is worded here; a code this page does not know gets a generic sentence, never the code.
  const coded = accountRefusalWords(error) ?? t`This value was not accepted.`;
  // The contract's problem codes stay codes, worded with the field's label by describeFieldError.
  const worded = (m: string) => (isFieldProblem(m) ? m : looksLikeCode(m) ? coded : m);
  return Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages.map(worded)]));
}

/** One of a field's messages for a person: a problem code worded after the label; a sentence as it is. */
export const describeFieldError = fieldProblemWords;

/**
 * A form's field errors: what the channel's own schema finds before anything is sent, over what
 * the service answered. `check` validates a payload and keeps its issues (none when it passes);
 * `setLocalErrors` adds a rule of the form's own.
 */
export function useRequestCheck<C extends Channel>(channel: C, serviceError: AppError | null) {
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const check = (payload: RequestOf<C>): boolean => {
    const checked = CHANNELS[channel].request.safeParse(payload);
    setLocalErrors(checked.success ? {} : fieldErrorsFromIssues(checked.error.issues));
    return checked.success;
  };
  const errors: FieldErrors = { ...fieldErrorsFromAppError(serviceError), ...localErrors };
  return { errors, check, setLocalErrors };
}
