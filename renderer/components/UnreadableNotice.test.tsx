import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDismissedNotices } from '../shell/toasts/toasts';
import { UnreadableNotice, unreadableText } from './UnreadableNotice';

afterEach(() => {
  cleanup();
  useDismissedNotices.setState({ dismissed: [] });
});

const noun = (n: number) => (n === 1 ? `${n} position` : `${n} positions`);
const item = (n: number) => ({ where: `positionId ${n}`, reason: 'amount: must be a decimal string' });

describe('UnreadableNotice', () => {
  it('speaks of one element in the singular', () => {
    expect(unreadableText([item(7)], noun)).toBe('1 position could not be read: positionId 7: amount: must be a decimal string');
  });
  it('names the first three and counts the rest', () => {
    expect(unreadableText([1, 2, 3, 4, 5].map(item), noun)).toBe(
      '5 positions could not be read: positionId 1: amount: must be a decimal string; positionId 2: amount: must be a decimal string; positionId 3: amount: must be a decimal string; and 2 more',
    );
  });
  it('renders nothing when every element was read', () => {
    const { container } = render(<UnreadableNotice items={[]} noun={noun} />);
    expect(container.textContent).toBe('');
    render(<UnreadableNotice items={undefined} noun={noun} />);
    expect(screen.queryByTestId('unreadable-notice')).toBeNull();
  });
  it('can be dismissed, stays dismissed for the same items, and shows again for others', async () => {
    const { rerender } = render(<UnreadableNotice items={[item(7)]} noun={noun} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('unreadable-notice')).toBeNull();
    rerender(<UnreadableNotice items={[{ ...item(7) }]} noun={noun} />);
    expect(screen.queryByTestId('unreadable-notice')).toBeNull();
    rerender(<UnreadableNotice items={[item(8)]} noun={noun} />);
    expect(screen.getByTestId('unreadable-notice').textContent).toContain('positionId 8');
  });
  it('renders exchange text as text', () => {
    render(<UnreadableNotice items={[{ where: '<img src=x onerror=alert(1)>', reason: 'x' }]} noun={noun} />);
    expect(screen.getByTestId('unreadable-notice').textContent).toContain('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });
});
