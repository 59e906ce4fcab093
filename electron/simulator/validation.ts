/**
 * Request-field checks with the exchange's (Laravel-style) messages, collected per field:
 *   "The limit field is required.", "The limit must be an integer.", "The limit must be at least 1.",
 *   "The limit may not be greater than 100.", "The selected ticker is invalid." ...
 * Each field gets at most one message, from the first rule it breaks.
 */
import { isLooseDecimalString } from '../../shared/money/decimal';
import type { FieldErrors } from './http';

/** "uniqueId" -> "unique id", "transaction_method" -> "transaction method". */
function fieldLabel(field: string): string {
  return field
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

const INTEGER_TEXT = /^[+-]?\d{1,30}$/;

export interface IntegerRule {
  required?: boolean;
  min?: number;
  max?: number;
  default?: number;
}

export class Validator {
  readonly errors: FieldErrors = {};

  constructor(readonly body: Record<string, unknown>) {}

  get failed(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  add(field: string, message: string): void {
    if (this.errors[field]) return;
    this.errors[field] = [message];
  }

  has(field: string): boolean {
    return this.errors[field] !== undefined;
  }

  /** A value counts as absent when missing, null or an empty string (as Laravel treats them). */
  present(field: string): boolean {
    const value = this.body[field];
    return value !== undefined && value !== null && value !== '';
  }

  /** Integers may arrive as JSON numbers or integer strings ("10"), both accepted as the exchange does. */
  integer(field: string, rule: IntegerRule): number | undefined {
    const label = fieldLabel(field);
    if (!this.present(field)) {
      if (rule.required) this.add(field, `The ${label} field is required.`);
      return rule.default;
    }
    const raw = this.body[field];
    let value: number;
    if (typeof raw === 'number' && Number.isInteger(raw)) value = raw;
    else if (typeof raw === 'string' && INTEGER_TEXT.test(raw)) value = Number(raw);
    else {
      this.add(field, `The ${label} must be an integer.`);
      return undefined;
    }
    if (rule.min !== undefined && value < rule.min) {
      this.add(field, `The ${label} must be at least ${rule.min}.`);
      return undefined;
    }
    if (rule.max !== undefined && value > rule.max) {
      this.add(field, `The ${label} may not be greater than ${rule.max}.`);
      return undefined;
    }
    return value;
  }

  string(field: string, rule: { required?: boolean; max?: number; requiredMessage?: string }): string | undefined {
    const label = fieldLabel(field);
    if (!this.present(field)) {
      if (rule.required) this.add(field, rule.requiredMessage ?? `The ${label} field is required.`);
      return undefined;
    }
    const raw = this.body[field];
    if (typeof raw !== 'string') {
      this.add(field, `The ${label} must be a string.`);
      return undefined;
    }
    if (rule.max !== undefined && raw.length > rule.max) {
      this.add(field, `The ${label} may not be greater than ${rule.max} characters.`);
      return undefined;
    }
    return raw;
  }

  /**
   * A decimal amount: a decimal string, or a JSON number whose text is a plain decimal. Returns the
   * decimal text (never a float).
   */
  amount(field: string, rule: { required?: boolean }): string | undefined {
    const label = fieldLabel(field);
    if (!this.present(field)) {
      if (rule.required) this.add(field, `The ${label} field is required.`);
      return undefined;
    }
    const raw = this.body[field];
    const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : null;
    if (text === null || !isLooseDecimalString(text)) {
      this.add(field, `The ${label} must be a number.`);
      return undefined;
    }
    if (text.startsWith('-')) {
      this.add(field, `The ${label} must be at least 0.`);
      return undefined;
    }
    return text;
  }

  boolean(field: string): boolean | undefined {
    const raw = this.body[field];
    if (raw === undefined || raw === null) return undefined;
    if (typeof raw === 'boolean') return raw;
    if (raw === 0 || raw === 1 || raw === '0' || raw === '1') return raw === 1 || raw === '1';
    this.add(field, `The ${fieldLabel(field)} field must be true or false.`);
    return undefined;
  }
}
