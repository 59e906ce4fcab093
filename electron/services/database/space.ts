/**
 * The database file's size and how to keep it compact. Deleting rows frees pages inside the file;
 * with auto_vacuum=INCREMENTAL, `incremental_vacuum` hands them back to the disk a few at a time
 * (each step a short write, so nothing waits long). A database created before that setting needs
 * one VACUUM to take it on: VACUUM copies every page still in use, so it runs only when that copy
 * is small enough to be quick, and never inside a transaction.
 */
import type Database from 'better-sqlite3';
import { statSync } from 'node:fs';

const INCREMENTAL = 2;

/** Tables (with their indexes) that hold History: snapshots, change rows, series and timeline. */
const HISTORY_TABLES = ['snapshots', 'holdings', 'prices', 'history_series', 'timeline_events'] as const;

export interface DatabaseSpace {
  /** The file and its write-ahead log on disk. */
  fileBytes: number;
  /** Pages inside the file that hold nothing (reused by the next writes, or handed back). */
  freeBytes: number;
  /** What History's tables and indexes take. */
  historyBytes: number;
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

const pragmaNumber = (connection: Database.Database, name: string) => connection.pragma(name, { simple: true }) as number;

export function spaceOf(connection: Database.Database): DatabaseSpace {
  const pageSize = pragmaNumber(connection, 'page_size');
  const placeholders = HISTORY_TABLES.map(() => '?').join(', ');
  // dbstat walks the tables' pages; its aggregate form sums each table in one row.
  const historyBytes = connection
    .prepare(`SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE aggregate = TRUE AND name IN (SELECT name FROM sqlite_schema WHERE tbl_name IN (${placeholders}))`)
    .pluck()
    .get(...HISTORY_TABLES) as number;
  return {
    fileBytes: sizeOf(connection.name) + sizeOf(`${connection.name}-wal`),
    freeBytes: pragmaNumber(connection, 'freelist_count') * pageSize,
    historyBytes,
  };
}

export function isIncremental(connection: Database.Database): boolean {
  return pragmaNumber(connection, 'auto_vacuum') === INCREMENTAL;
}

/** Hands back at most `pages` free pages to the disk; returns how many free pages are left. */
export function reclaimFreePages(connection: Database.Database, pages: number): number {
  if (isIncremental(connection)) connection.pragma(`incremental_vacuum(${Math.max(1, Math.floor(pages))})`);
  return pragmaNumber(connection, 'freelist_count');
}

/**
 * Takes the database to auto_vacuum=INCREMENTAL with one VACUUM, if it is not there yet and the
 * pages in use come to at most `maxLiveBytes`. Returns whether the database is incremental now.
 * A VACUUM that fails (a full disk) leaves the database as it was.
 */
export function enableIncrementalVacuum(connection: Database.Database, maxLiveBytes: number): boolean {
  if (isIncremental(connection)) return true;
  const live = (pragmaNumber(connection, 'page_count') - pragmaNumber(connection, 'freelist_count')) * pragmaNumber(connection, 'page_size');
  if (live > maxLiveBytes || connection.inTransaction) return false;
  connection.pragma(`auto_vacuum = ${INCREMENTAL}`);
  connection.exec('VACUUM');
  return isIncremental(connection);
}
