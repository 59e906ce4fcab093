/**
 * A request's zod issues as field messages (`{field: [message]}`), for the router's check of every
 * call and the exchange client's check of every request it is about to send. Never echoes the
 * received values (they may be secrets); a flood of issues is capped.
 */
import type { z } from 'zod';

const MAX_FIELD_MESSAGES = 20;

/** zod issues -> field messages. Never echoes the received values (they may be secrets). */
export function fieldsFromIssues(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const add = (field: string, message: string) => {
    const list = (fields[field] ??= []);
    if (list.length < MAX_FIELD_MESSAGES && !list.includes(message)) list.push(message);
  };
  for (const issue of issues.slice(0, MAX_FIELD_MESSAGES)) {
    const at = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys.slice(0, MAX_FIELD_MESSAGES)) add(at ? `${at}.${key}` : key.slice(0, 64), 'is not an accepted field');
    } else {
      add(at || 'request', issue.message);
    }
  }
  return { ...fields };
}

/** The first few fields' first messages, as one English sentence for the log. */
export function summarise(fields: Record<string, string[]>): string {
  const parts = Object.entries(fields)
    .slice(0, 3)
    .map(([field, messages]) => `${field} ${messages[0] ?? 'is invalid'}`);
  return parts.length > 0 ? `Please check the request: ${parts.join('; ')}.` : 'Please check the request.';
}
