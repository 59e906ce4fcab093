import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RiskBanner } from './RiskBanner';

afterEach(cleanup);

describe('risk banner', () => {
  it('says nothing when no position is at risk', () => {
    const { container } = render(<RiskBanner summary={{ liquidation: 0, marginCall: 0 }} />);
    expect(container.textContent).toBe('');
  });

  it('advises margin for margin calls, and never calls them liquidations', () => {
    render(<RiskBanner summary={{ liquidation: 0, marginCall: 2 }} />);
    expect(screen.getByRole('alert').textContent).toContain('2 positions in margin call');
    expect(screen.getByRole('alert').textContent).not.toMatch(/liquidating/);
  });

  it('with both, says which are being liquidated and which still need margin', () => {
    render(<RiskBanner summary={{ liquidation: 1, marginCall: 2 }} />);
    const text = screen.getByRole('alert').textContent ?? '';
    expect(text).toContain('1 position in liquidation and 2 positions in margin call');
    expect(text).toContain('The exchange is liquidating one of them; add margin or reduce the 2 in margin call to avoid liquidation.');
  });
});
