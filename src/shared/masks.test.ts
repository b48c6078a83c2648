import { describe, expect, it } from 'vitest';
import {
  formatEin,
  formatLoanAmount,
  formatPhone,
  formatSsn,
  maskEinForDisplay,
  maskSsnForDisplay,
  parseLoanAmount,
} from './masks';

describe('input masks', () => {
  it('formats the loan amount with thousands separators, digits only', () => {
    expect(formatLoanAmount('')).toBe('');
    expect(formatLoanAmount('2500000')).toBe('2,500,000');
    expect(formatLoanAmount('25,00,0')).toBe('25,000');
    expect(formatLoanAmount('$75k 000')).toBe('75,000');
    expect(formatLoanAmount('0050000')).toBe('50,000');
    expect(formatLoanAmount('999')).toBe('999');
    expect(parseLoanAmount('2,500,000')).toBe(2_500_000);
    expect(parseLoanAmount('')).toBeNull();
  });

  it('formats the EIN as XX-XXXXXXX with at most nine digits', () => {
    expect(formatEin('9')).toBe('9');
    expect(formatEin('91')).toBe('91');
    expect(formatEin('912')).toBe('91-2');
    expect(formatEin('91-2345678999')).toBe('91-2345678');
    expect(formatEin('ab91c2345678')).toBe('91-2345678');
  });

  it('formats the SSN as XXX-XX-XXXX, 11 characters at most', () => {
    expect(formatSsn('900')).toBe('900');
    expect(formatSsn('9001')).toBe('900-1');
    expect(formatSsn('90012')).toBe('900-12');
    expect(formatSsn('900123')).toBe('900-12-3');
    expect(formatSsn('900123456789')).toBe('900-12-3456');
    expect(formatSsn('900-12-3456')).toHaveLength(11);
  });

  it('formats the phone as (XXX) XXX-XXXX, 14 characters at most', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('5')).toBe('(5');
    expect(formatPhone('555')).toBe('(555');
    expect(formatPhone('5550')).toBe('(555) 0');
    expect(formatPhone('5550101')).toBe('(555) 010-1');
    expect(formatPhone('555.010.0100 ext 9')).toBe('(555) 010-0100');
    expect(formatPhone('+1 555 010 0100')).toBe('(555) 010-0100');
    expect(formatPhone('5550100100')).toHaveLength(14);
  });

  it('lets backspace remove a separator', () => {
    // Deleting the ')' of '(555) 0' leaves '(555 0': the digits stay and the mask re-forms them.
    expect(formatPhone('(555')).toBe('(555');
    expect(formatSsn('900-')).toBe('900');
    expect(formatEin('91-')).toBe('91');
  });

  it('masks SSN and EIN for display, keeping the last 4 digits', () => {
    expect(maskSsnForDisplay('900-12-3456')).toBe('***-**-3456');
    expect(maskEinForDisplay('91-2345678')).toBe('**-***5678');
    expect(maskSsnForDisplay('')).toBe('***-**-****');
  });
});
