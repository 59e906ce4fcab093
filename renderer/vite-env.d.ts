/// <reference types="vite/client" />

// Lingui's Vite plugin compiles a PO catalog on import.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
