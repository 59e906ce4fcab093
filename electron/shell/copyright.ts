/**
 * The copyright line shown in the About panel. electron-builder.yml states the same text for the
 * installers' metadata; .ci/packaging.test.ts keeps the two equal. Kept apart from menu.ts so that
 * Node-only code (tests, scripts) can read it without loading Electron.
 */
export const COPYRIGHT = 'Copyright © 2026 WhiteBIT Desk team';
