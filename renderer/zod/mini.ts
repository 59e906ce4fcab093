/**
 * zod's small build as the page gets it (the first paint's schemas use it), with zod.ts's setting
 * made first: no `new Function` probe under the page's CSP.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4/mini';
export { z } from 'zod/v4/mini';
