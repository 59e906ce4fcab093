import { useEffect, useState } from 'react';
import { formatAgo, formatEpochMs } from '../format';
import './UpdatedAgo.css';

/** "Updated 12 s ago", ticking; nothing before the first successful load (updatedAt 0). */
export function UpdatedAgo({ updatedAt }: { updatedAt: number | null | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  if (!updatedAt) return null;
  return (
    <span className="updated-ago" title={formatEpochMs(updatedAt)}>
      Updated {formatAgo(now - updatedAt)}
    </span>
  );
}
