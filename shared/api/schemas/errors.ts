/** Error bodies of private and public endpoints. */
import { z } from 'zod';
import { IntLike } from './common';

export const PrivateErrorBody = z.object({
  code: IntLike.optional(),
  message: z.string().max(4000).optional(),
  errors: z.union([z.record(z.string(), z.union([z.array(z.string()), z.string()])), z.array(z.unknown())]).optional().nullable(),
});
export type PrivateErrorBody = z.infer<typeof PrivateErrorBody>;

export const PublicErrorBody = z.object({
  success: z.literal(false),
  message: z.unknown().optional(),
  params: z.array(z.unknown()).optional(),
});
