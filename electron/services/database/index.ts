export { acquireInstanceLock, holdsInstanceLock, type InstanceLock } from './lock';
export { DATABASE_FILE, findOpenDatabase, openDatabase, type DeskDatabase, type OpenDatabaseOptions } from './open';
export { DatabaseDamagedError, DataFolderInUseError, DatabaseTooNewError, DatabaseWithoutLockError, EXIT_DATA_FOLDER_IN_USE, InstanceLockError } from './errors';
export { openDatabaseUnderLock } from './openUnderLock';
export { MIGRATIONS, SCHEMA_VERSION, type Migration } from './migrations';
export { databaseProblemOf } from './problem';
export { enableIncrementalVacuum, isIncremental, reclaimFreePages, spaceOf, type DatabaseSpace } from './space';
