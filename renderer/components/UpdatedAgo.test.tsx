import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { formatEpochMs } from '../format';
import { UpdatedAgo } from './UpdatedAgo';

afterEach(cleanup);

describe('UpdatedAgo', () => {
  it('says how long ago, in 10-second steps, with the full date as its tooltip', () => {
    const updatedAt = Date.now() - 25_000;
    render(<UpdatedAgo updatedAt={updatedAt} />);
    const label = screen.getByText(/^Updated /);
    expect(label.textContent).toMatch(/20 sec/);
    expect(label.getAttribute('title')).toBe(formatEpochMs(updatedAt));
  });

  it('claims no freshness while the data cannot be refreshed', () => {
    render(<UpdatedAgo updatedAt={Date.now() - 5_000} couldNotRefresh />);
    expect(screen.getByText(/could not refresh/).textContent).toMatch(/^Last updated \d\d:\d\d:\d\d/);
  });

  it('shows nothing before the first successful load', () => {
    const { container } = render(<UpdatedAgo updatedAt={0} />);
    expect(container.textContent).toBe('');
  });
});
