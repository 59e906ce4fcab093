export { ErrorPanel } from './ErrorPanel';
export { Skeleton } from './Skeleton';
export { EmptyState } from './EmptyState';
export { Badge, type BadgeTone } from './Badge';
export { CopyButton } from './CopyButton';
export { UpdatedAgo } from './UpdatedAgo';
export { downloadCsv } from '../csv';
export { UnreadableNotice, unreadableText, type UnreadableNoun } from './UnreadableNotice';
export { View } from './View';
