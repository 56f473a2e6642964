import { ordersTabOf, refundedInFull, resumePath, viewPath } from './order-rules';

const full = { kind: 'full' };
const serviceFee = { kind: 'service_fee' };

describe('an order refunded in full', () => {
  it('is told apart from one given back its service fee only', () => {
    expect(refundedInFull([])).toBe(false);
    expect(refundedInFull([serviceFee])).toBe(false);
    expect(refundedInFull([serviceFee, full])).toBe(true);
  });

  it('is listed with the old orders, whatever its status', () => {
    expect(ordersTabOf({ status: 'IN_PROGRESS', refunds: [] })).toBe('active');
    expect(ordersTabOf({ status: 'UNDER_REVIEW', refunds: [serviceFee] })).toBe('active');
    expect(ordersTabOf({ status: 'IN_PROGRESS', refunds: [full] })).toBe('old');
    expect(ordersTabOf({ status: 'SUBMITTED', refunds: [full] })).toBe('old');
    expect(ordersTabOf({ status: 'APPROVED', refunds: [] })).toBe('old');
    expect(ordersTabOf({ status: 'REJECTED', refunds: [full] })).toBe('old');
  });

  it('is read, never continued', () => {
    expect(resumePath('IN_PROGRESS', 'a1')).toBe('/application/a1/general-info');
    expect(resumePath('IN_PROGRESS', 'a1', true)).toBeNull();
    expect(viewPath('IN_PROGRESS', 'a1')).toBeNull();
    expect(viewPath('IN_PROGRESS', 'a1', true)).toBe('/application/a1/review');
    expect(viewPath('SUBMITTED', 'a1', true)).toBe('/application/a1/review');
    expect(viewPath('DRAFT', 'a1', true)).toBeNull();
  });
});
