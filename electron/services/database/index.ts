export { acquireInstanceLock, holdsInstanceLock, type InstanceLock } from './lock';
export { DATABASE_FILE, findOpenDatabase, openDatabase, type DeskDatabase, type OpenDatabaseOptions } from './open';
export { DataFolderInUseError, DatabaseTooNewError, EXIT_DATA_FOLDER_IN_USE } from './errors';
export { MIGRATIONS, SCHEMA_VERSION, type Migration } from './migrations';
