/**
 * The body of a refused request: `{code, message, errors}` on private endpoints, `{message}` or
 * `{error}` elsewhere, sometimes not an object at all. Read tolerantly: a part that cannot be read
 * is left out on its own, and a body that is no object at all reads as empty.
 */
import { z } from 'zod';
import { IntLike } from './common';

/** Field name -> the texts said about it; a field with no text is left out, an empty result is none. */
function fieldTexts(errors: Record<string, unknown>): Record<string, string[]> | undefined {
  const fields: Record<string, string[]> = {};
  for (const [name, said] of Object.entries(errors)) {
    const texts = (Array.isArray(said) ? said : [said]).filter((text): text is string => typeof text === 'string');
    if (texts.length > 0) fields[name] = texts;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

export const ExchangeErrorBody = z
  .object({
    code: IntLike.optional().catch(undefined),
    message: z
      .union([z.string(), z.array(z.string()).transform((parts) => parts.join(' '))])
      .optional()
      .catch(undefined),
    errors: z.record(z.string(), z.unknown()).transform(fieldTexts).optional().catch(undefined),
  })
  .catch({});
export type ExchangeErrorBody = z.infer<typeof ExchangeErrorBody>;
