import { t } from '@lingui/core/macro';
import type { DatabaseStatus } from '../../../shared/model/database';
import { useChannelQuery } from '../../api/queries';

type Unavailable = Extract<DatabaseStatus, { available: false }>;

/** The database's state as the main process found it at start; it changes only with a restart. */
export function useDatabaseUnavailable(): Unavailable | null {
  const status = useChannelQuery('database.status', {}, { refetchInterval: false, staleTime: Infinity });
  return status.data && !status.data.available ? status.data : null;
}

/**
 * Withdrawals are off without the app's database: a withdrawal recorded there (maybe still open)
 * would be invisible and could be paid twice. Says why, what was kept, and what to do.
 */
export function DatabaseUnavailableNotice({ status }: { status: Unavailable }) {
  const { file, folder } = status;
  let why: string;
  let todo: string;
  switch (status.problem) {
    case 'unreadable':
      why = t`The app's database ${file} cannot be read (its permissions, or something else in its place).`;
      todo = t`Make the file readable for your user again and restart the app: everything in it will show as before.`;
      break;
    case 'damaged':
      why = t`The app's database ${file} is damaged.`;
      todo = t`Restore it from a backup and restart the app. To start with a new, empty database instead, move the file out of the folder first, and check the exchange's withdrawal history before sending again: withdrawals recorded only in it will not be shown here.`;
      break;
    case 'emptied':
      why = t`The app's database ${file} is empty: it was cut to 0 bytes after the app had written it.`;
      todo = t`Restore it from a backup and restart the app. To start with a new, empty database instead, move the file out of the folder first, and check the exchange's withdrawal history before sending again: withdrawals recorded only in it will not be shown here.`;
      break;
    case 'read_only':
      why = t`The data folder ${folder} cannot be written, so the app runs read-only.`;
      todo = t`Make the folder writable for your user and restart the app.`;
      break;
    case 'disk_full':
      why = t`The disk that holds ${folder} is full, so the app's database could not be opened.`;
      todo = t`Free some space on it and restart the app.`;
      break;
    default:
      why = t`The app's database ${file} could not be opened.`;
      todo = t`Restart the app. If this stays, check that the file can be read and written by your user.`;
  }
  return (
    <div className="withdraw-alert" role="alert" data-testid="database-unavailable">
      <strong>{t`Withdrawals are off.`}</strong> {why} {t`Nothing was written and the file was left as it is, so no withdrawal recorded in it can be paid twice.`} {todo}
    </div>
  );
}
