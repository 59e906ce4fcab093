export { acquireInstanceLock, holdsInstanceLock } from './lock';
export { DATABASE_FILE, findOpenDatabase, openDatabase, type DeskDatabase } from './open';
export { DatabaseDamagedError, DataFolderInUseError, DatabaseTooNewError, EXIT_DATA_FOLDER_IN_USE, InstanceLockError } from './errors';
export { MIGRATIONS, type Migration } from './migrations';
export { databaseProblemOf } from './problem';
