import type { AppError } from '../../../shared/errors';

export type FieldErrors = Record<string, string[]>;

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** zod issues -> field name -> messages (issues without a path go under "form"). */
export function fieldErrorsFromIssues(issues: readonly IssueLike[]): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    (result[field] ??= []).push(issue.message);
  }
  return result;
}

export function fieldErrorsFromAppError(error: AppError | null): FieldErrors {
  return error?.kind === 'validation' && error.fields ? error.fields : {};
}

/** The contract's messages are written to follow the field's name ("is required"); full sentences stay as they are. */
export function describeFieldError(label: string, message: string): string {
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}
