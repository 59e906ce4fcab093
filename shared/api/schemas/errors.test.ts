import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../jsonNumber';
import { ExchangeErrorBody } from './errors';

describe('ExchangeErrorBody', () => {
  it('reads the documented private error body', () => {
    expect(ExchangeErrorBody.parse({ code: 30, message: 'Validation failed', errors: { amount: ['The amount must be a number.'], ticker: 'Unknown.' } })).toEqual({
      code: 30,
      message: 'Validation failed',
      errors: { amount: ['The amount must be a number.'], ticker: ['Unknown.'] },
    });
  });

  it('takes a code written as text or kept as its exact source, and a message in parts', () => {
    expect(ExchangeErrorBody.parse({ code: '4', message: ['Plan', 'is paused'] })).toEqual({ code: 4, message: 'Plan is paused' });
    expect(ExchangeErrorBody.parse({ code: new JsonNumber('10') })).toEqual({ code: 10 });
  });

  it('leaves out only the part it cannot read', () => {
    expect(ExchangeErrorBody.parse({ code: 1.5, message: 'Inner validation failed', errors: { plan: [7, 'Plan is paused'], amount: [null] } })).toEqual({
      code: undefined,
      message: 'Inner validation failed',
      errors: { plan: ['Plan is paused'] },
    });
    expect(ExchangeErrorBody.parse({ code: 9, message: { text: 'no' }, errors: ['not', 'an object'] })).toEqual({ code: 9, message: undefined, errors: undefined });
  });

  it('reads a body that is no object as empty', () => {
    for (const body of [null, 'Too many requests', 42, ['Internal server error.']]) expect(ExchangeErrorBody.parse(body), JSON.stringify(body)).toEqual({});
  });
});
