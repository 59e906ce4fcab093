// Lingui's Vite plugin compiles a PO catalog on import (electron/vite.config.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
