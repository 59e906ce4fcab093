/**
 * Plain words for the file-system failures a person can act on (permissions, a read-only or full
 * disk). The wording is ours, not the operating system's; unknown codes are shown as they are.
 */
const WORDS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'it is a folder, not a file',
  EMFILE: 'too many files are open',
  ENFILE: 'too many files are open',
  EIO: 'the disk reported an input/output error',
};

export function describeFsProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (!code) return 'an unexpected error';
  return WORDS[code] ?? `error ${code}`;
}

/** True for the failures that mean "this place cannot be written", as opposed to a bug. */
export function isPermissionProblem(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EACCES' || code === 'EPERM';
}
