import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { STARTUP_FAILURE_CLOSED_PATH, type StartupFailure } from '../../../shared/model/startupFailure';
import './startupFailure.css';

/**
 * Why the app did not start: what happened, what was kept untouched, what to do. The values come
 * from the launcher through the address (readFailure.ts); the words are the catalog's.
 */
export function StartupFailurePage({ failure }: { failure: StartupFailure | null }) {
  // Browser mode's launcher serves this page until it is closed; Electron watches its own window.
  useEffect(() => {
    if (window.location.protocol !== 'http:') return;
    const closed = () => navigator.sendBeacon(STARTUP_FAILURE_CLOSED_PATH);
    window.addEventListener('pagehide', closed);
    return () => window.removeEventListener('pagehide', closed);
  }, []);
  return (
    <main className="startup-failure" role="alert">
      <h1>
        <Trans>WhiteBIT Desk did not start</Trans>
      </h1>
      {failure ? <Explanation failure={failure} /> : <Trans>The reason could not be read. The terminal the app was started from says what happened.</Trans>}
    </main>
  );
}

function Explanation({ failure }: { failure: StartupFailure }) {
  const { folder, file, cause, pid } = failure;
  const [happened, kept, todo] = words(failure.code, folder, file ?? folder, cause ?? '—', pid);
  return (
    <dl>
      <dt>
        <Trans>What happened</Trans>
      </dt>
      <dd data-part="happened">{happened}</dd>
      <dt>
        <Trans>What was kept untouched</Trans>
      </dt>
      <dd data-part="kept">{kept}</dd>
      <dt>
        <Trans>What to do</Trans>
      </dt>
      <dd data-part="todo">{todo}</dd>
    </dl>
  );
}

function words(code: StartupFailure['code'], folder: string, file: string, cause: string, pid: number | null) {
  switch (code) {
    case 'folder_in_use':
      return [
        pid === null ? (
          <Trans>The data folder {folder} is in use by another WhiteBIT Desk.</Trans>
        ) : (
          <Trans>
            The data folder {folder} is in use by another WhiteBIT Desk (process {pid}).
          </Trans>
        ),
        <Trans>Nothing in the folder was changed.</Trans>,
        <Trans>Close the other WhiteBIT Desk and start again, or start with --user-data-dir and another folder.</Trans>,
      ] as const;
    case 'lock_refused':
      return [
        <Trans>
          The lock file {file} could not be taken ({cause}). Without it a second app could use the same folder, so this one did not start.
        </Trans>,
        <Trans>Nothing in {folder} was changed.</Trans>,
        <Trans>Give your user write access to the lock file (or remove it while no WhiteBIT Desk runs), then start again.</Trans>,
      ] as const;
    case 'disk_full':
      return [
        <Trans>
          The disk that holds {folder} is full ({cause}).
        </Trans>,
        <Trans>Nothing in the folder was changed.</Trans>,
        <Trans>Free some space on that disk, then start again.</Trans>,
      ] as const;
    case 'database_too_new':
      return [
        <Trans>The database {file} was written by a newer version of WhiteBIT Desk.</Trans>,
        <Trans>The database was left as it is: this version does not read or change it.</Trans>,
        <Trans>Update WhiteBIT Desk, or start with --user-data-dir and another folder.</Trans>,
      ] as const;
    case 'folder_unwritable':
      return [
        <Trans>
          The data folder {folder} cannot be created or written ({cause}).
        </Trans>,
        <Trans>Nothing was changed.</Trans>,
        <Trans>Check the folder&apos;s permissions, or start with --user-data-dir and another folder.</Trans>,
      ] as const;
  }
}
