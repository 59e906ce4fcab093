/**
 * Durable storage for withdrawal records: an append-only JSONL journal in the user-data directory.
 *
 * Why a journal: the uniqueId must be on disk before the request leaves, and a crash at any moment
 * must leave a readable file. Each change appends one complete record snapshot and fsyncs before the
 * caller continues; the last line for a uniqueId wins. A torn last line (power cut mid-write) is
 * skipped on load. On open the journal is compacted (rewritten to a temporary file, fsynced, renamed
 * over the old one) so it does not grow without bound. Records hold no secrets: only what the user
 * typed, the fee and the exchange's answers.
 */
import { mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { WithdrawalRecord } from '../../../shared/ipc';

export const JOURNAL_FILE = 'withdrawals.jsonl';

type JournalLine = { record: WithdrawalRecord } | { discarded: string };

export interface WithdrawalStore {
  all(): WithdrawalRecord[];
  get(uniqueId: string): WithdrawalRecord | undefined;
  /** Returns once the record is on disk (fsync). */
  put(record: WithdrawalRecord): Promise<void>;
  remove(uniqueId: string): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  /** Records kept on compaction besides unfinished ones (newest first). */
  keepRecent: number;
  isFinished: (record: WithdrawalRecord) => boolean;
}

export async function openWithdrawalStore(options: StoreOptions): Promise<WithdrawalStore> {
  await mkdir(options.dataDir, { recursive: true });
  const path = join(options.dataDir, JOURNAL_FILE);
  const records = new Map<string, WithdrawalRecord>();
  for (const line of await readJournal(path)) {
    if ('discarded' in line) records.delete(line.discarded);
    else records.set(line.record.uniqueId, line.record);
  }
  pruneFinished(records, options);
  await compact(options.dataDir, path, [...records.values()]);

  let handle: FileHandle | null = await open(path, 'a', 0o600);
  // Appends are queued so lines never interleave and each fsync covers the line before it.
  let queue: Promise<void> = Promise.resolve();
  const append = (line: JournalLine): Promise<void> => {
    const write = async () => {
      if (!handle) throw new Error('withdrawal store is closed');
      await handle.write(`${JSON.stringify(line)}\n`);
      await handle.sync();
    };
    const next = queue.then(write, write);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    all: () => [...records.values()],
    get: (uniqueId) => records.get(uniqueId),
    async put(record) {
      await append({ record });
      records.set(record.uniqueId, record);
    },
    async remove(uniqueId) {
      await append({ discarded: uniqueId });
      records.delete(uniqueId);
    },
    async close() {
      await queue;
      const h = handle;
      handle = null;
      await h?.close();
    },
  };
}

async function readJournal(path: string): Promise<JournalLine[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const lines: JournalLine[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (isJournalLine(parsed)) lines.push(parsed);
    } catch {
      // A torn line from a crash mid-append: everything before it is intact, skip it.
    }
  }
  return lines;
}

function isJournalLine(value: unknown): value is JournalLine {
  if (typeof value !== 'object' || value === null) return false;
  if ('discarded' in value) return typeof value.discarded === 'string';
  if (!('record' in value)) return false;
  const record = value.record as Partial<WithdrawalRecord> | null;
  return typeof record === 'object' && record !== null && typeof record.uniqueId === 'string' && typeof record.state === 'string';
}

function pruneFinished(records: Map<string, WithdrawalRecord>, options: StoreOptions): void {
  const finished = [...records.values()].filter(options.isFinished).sort((a, b) => b.updatedAt - a.updatedAt);
  for (const old of finished.slice(options.keepRecent)) records.delete(old.uniqueId);
}

async function compact(dir: string, path: string, records: WithdrawalRecord[]): Promise<void> {
  const temporary = `${path}.tmp`;
  const file = await open(temporary, 'w', 0o600);
  try {
    const body = records.map((record) => JSON.stringify({ record } satisfies JournalLine)).join('\n');
    await file.write(body ? `${body}\n` : '');
    await file.sync();
  } finally {
    await file.close();
  }
  await rename(temporary, path);
  await syncDirectory(dir);
}

/** Makes the rename itself durable; not supported on every platform (Windows), where it is skipped. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: FileHandle | null = null;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // EISDIR/EPERM on platforms without directory fsync: the rename is still atomic.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
