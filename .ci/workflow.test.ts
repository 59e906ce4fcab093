// The CI workflow: runs everywhere the app ships, tests before packaging, Electron for real, and
// keeps signing secrets away from anything that could print them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from './packaged-files';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'runs-on': string;
  'timeout-minutes'?: number;
  strategy: { 'fail-fast'?: boolean; matrix: { os: string[] } };
  steps: Step[];
  env?: Record<string, string>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflowText = readFileSync(join(REPO_ROOT, '.github', 'workflows', 'ci.yml'), 'utf8');
const workflow = parse(workflowText) as Workflow;
const jobs = Object.values(workflow.jobs);
const job = jobs[0]!;
const steps = job.steps;

function indexOfStep(predicate: (step: Step) => boolean, what: string): number {
  const index = steps.findIndex(predicate);
  expect(index, `a step that ${what}`).toBeGreaterThanOrEqual(0);
  return index;
}
const runs = (pattern: RegExp) => (step: Step) => pattern.test(step.run ?? '');
const uses = (action: string) => (step: Step) => (step.uses ?? '').startsWith(`${action}@`);

describe('CI workflow', () => {
  it('runs on pushes and pull requests with read-only repository access', () => {
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['push', 'pull_request']));
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it('runs one job on Linux, macOS and Windows, letting each finish', () => {
    expect(jobs).toHaveLength(1);
    expect([...job.strategy.matrix.os].sort()).toEqual(['macos-latest', 'ubuntu-latest', 'windows-latest']);
    expect(job['runs-on']).toBe('${{ matrix.os }}');
    expect(job.strategy['fail-fast']).toBe(false);
    expect(job['timeout-minutes']).toBeGreaterThan(0);
    expect(job['timeout-minutes']).toBeLessThanOrEqual(60);
  });

  it('checks out and sets up Node 20 first', () => {
    expect(indexOfStep(uses('actions/checkout'), 'checks out')).toBe(0);
    const setupNode = steps[indexOfStep(uses('actions/setup-node'), 'sets up Node')]!;
    expect(String(setupNode.with?.['node-version'])).toBe('20');
  });

  it('installs the Linux system packages for keytar, the test keychain and a display, on Linux only', () => {
    const apt = steps[indexOfStep(runs(/apt-get install/), 'installs system packages')]!;
    expect(apt.if).toBe("runner.os == 'Linux'");
    for (const pkg of ['libsecret-1-dev', 'gnome-keyring', 'dbus-x11', 'xvfb']) expect(apt.run).toContain(pkg);
    expect(indexOfStep(runs(/^npm ci\b/), 'installs npm dependencies')).toBeGreaterThan(steps.indexOf(apt));
  });

  it('lets the Electron binary download (never skips it)', () => {
    expect(workflowText).not.toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD/);
  });

  it('lints, type-checks and runs the unit tests before anything is packaged', () => {
    const dist = indexOfStep(runs(/npm run dist/), 'builds installers');
    for (const [pattern, what] of [
      [/npm run lint/, 'lints'],
      [/npm run typecheck/, 'type-checks'],
      [/npm run test:unit/, 'runs unit tests'],
      [/npm run test:e2e/, 'runs end-to-end tests'],
    ] as const) {
      expect(indexOfStep(runs(pattern), what)).toBeLessThan(dist);
    }
    // on Linux the keychain tests need the private Secret Service wrapper
    const linuxUnit = steps.find((step) => runs(/npm run test:unit/)(step) && step.if === "runner.os == 'Linux'");
    expect(linuxUnit?.run).toMatch(/^\.ci\/with-keyring /);
  });

  it('runs the Playwright specs through Electron under xvfb-run on Linux and directly elsewhere', () => {
    const e2e = steps.filter(runs(/npm run test:e2e/));
    const linux = e2e.find((step) => step.if === "runner.os == 'Linux'");
    const others = e2e.find((step) => step.if === "runner.os != 'Linux'");
    expect(linux?.run).toMatch(/^xvfb-run /);
    expect(others?.run).not.toMatch(/xvfb-run/);
    for (const step of [linux!, others!]) expect(step.run).toMatch(/--project=electron\b/);
    // the electron project skips itself without a binary, so CI must first prove the binary is there
    const binaryCheck = indexOfStep(runs(/require\('electron'\)/), 'checks the Electron binary');
    expect(binaryCheck).toBeLessThan(steps.indexOf(linux!));
    expect(steps[binaryCheck]!.if).toBeUndefined();
    // the build the specs drive must exist before them
    expect(indexOfStep(runs(/npm run build/), 'builds the app')).toBeLessThan(steps.indexOf(linux!));
  });

  it('uploads every installer type from release/ after building them, failing if none was made', () => {
    const dist = indexOfStep(runs(/npm run dist/), 'builds installers');
    const upload = steps.find(
      (step) => uses('actions/upload-artifact')(step) && String(step.with?.path ?? '').includes('release/'),
    );
    expect(upload, 'an upload of release/').toBeDefined();
    expect(steps.indexOf(upload!)).toBeGreaterThan(dist);
    for (const extension of ['exe', 'dmg', 'zip', 'AppImage', 'deb']) {
      expect(String(upload!.with!.path)).toContain(`release/*.${extension}`);
    }
    expect(upload!.with!['if-no-files-found']).toBe('error');
    expect(String(upload!.with!.name)).toContain('${{ runner.os }}');
  });

  it('hands signing secrets only to the packaging step, as environment variables', () => {
    const withSecrets = steps.filter((step) => JSON.stringify(step).includes('secrets.'));
    expect(withSecrets.map((step) => step.run)).toEqual(['npm run dist']);
    const env = withSecrets[0]!.env!;
    for (const name of ['CSC_LINK', 'CSC_KEY_PASSWORD', 'WIN_CSC_LINK', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID']) {
      expect(env[name]).toBe(`\${{ secrets.${name} }}`);
    }
    expect(JSON.stringify(workflow.env ?? {})).not.toContain('secrets.');
    expect(JSON.stringify(job.env ?? {})).not.toContain('secrets.');
  });

  it('never echoes a secret: no secret expression in a script, no printing of signing variables, no shell tracing', () => {
    const scripts = steps.map((step) => step.run ?? '').join('\n');
    expect(scripts).not.toMatch(/secrets\./);
    expect(scripts).not.toMatch(/\b(echo|printf|cat|env|printenv|set\s+-x|Write-(Host|Output))\b[^\n]*(CSC|APPLE|WIN_CSC|PASSWORD)/i);
    expect(scripts).not.toMatch(/^\s*(set\s+-[a-z]*x|printenv\s*$|env\s*$)/m);
  });
});
