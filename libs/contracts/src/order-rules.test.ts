import { canRefundInFull, canStep, LIFECYCLE, nextStatuses } from './lifecycle';
import { APPLICATION_STATUSES, ordersTabOf, resumePath, viewPath } from './order-rules';
import { refundKindsFor } from './refunds';
import { TRANSITIONS } from './admin';

describe('the order lifecycle', () => {
  it('declares every status, and steps only to statuses it knows', () => {
    expect(Object.keys(LIFECYCLE).sort()).toEqual([...APPLICATION_STATUSES].sort());
    for (const from of APPLICATION_STATUSES)
      for (const to of Object.keys(LIFECYCLE[from])) expect(APPLICATION_STATUSES).toContain(to);
  });

  it('lets each step be taken by its one actor', () => {
    expect(canStep('DRAFT', 'IN_PROGRESS', 'payment')).toBe(true);
    expect(canStep('DRAFT', 'IN_PROGRESS', 'staff')).toBe(false);
    expect(canStep('IN_PROGRESS', 'SUBMITTED', 'traveller')).toBe(true);
    expect(canStep('UNDER_REVIEW', 'LODGED', 'staff')).toBe(true);
    expect(canStep('UNDER_REVIEW', 'APPROVED', 'staff')).toBe(false);
    expect(canStep('LODGED', 'APPROVED', 'staff')).toBe(true);
    expect(canStep('UNDER_REVIEW', 'CHANGES_REQUESTED', 'staff')).toBe(true);
    expect(canStep('CHANGES_REQUESTED', 'SUBMITTED', 'traveller')).toBe(true);
    expect(canStep('CHANGES_REQUESTED', 'SUBMITTED', 'staff')).toBe(false);
    expect(canStep('UNDER_REVIEW', 'REFUNDED', 'staff')).toBe(false);
    expect(canStep('UNDER_REVIEW', 'REFUNDED', 'refund')).toBe(true);
  });

  it('never decides an order refunded in full, and never refunds a lodged or decided one in full', () => {
    expect(nextStatuses('REFUNDED', 'staff')).toEqual([]);
    for (const status of ['LODGED', 'APPROVED', 'REJECTED'] as const)
      expect(canRefundInFull(status)).toBe(false);
    expect(canRefundInFull('DRAFT')).toBe(false);
    expect(canRefundInFull('REFUNDED')).toBe(false);
    for (const status of ['IN_PROGRESS', 'SUBMITTED', 'UNDER_REVIEW', 'CHANGES_REQUESTED'] as const)
      expect(canRefundInFull(status)).toBe(true);
  });

  it('offers staff the review, the request for changes, the lodging and the outcome only', () => {
    expect(TRANSITIONS).toEqual({
      SUBMITTED: ['UNDER_REVIEW'],
      UNDER_REVIEW: ['CHANGES_REQUESTED', 'LODGED'],
      LODGED: ['APPROVED', 'REJECTED'],
    });
  });

  it('allows the refunds its steps allow', () => {
    expect(refundKindsFor('DRAFT')).toEqual([]);
    expect(refundKindsFor('IN_PROGRESS')).toEqual(['full', 'service_fee']);
    expect(refundKindsFor('CHANGES_REQUESTED')).toEqual(['full', 'service_fee']);
    expect(refundKindsFor('LODGED')).toEqual(['service_fee']);
    expect(refundKindsFor('REJECTED')).toEqual(['service_fee']);
    expect(refundKindsFor('APPROVED')).toEqual(['service_fee']);
    expect(refundKindsFor('REFUNDED')).toEqual([]);
  });
});

describe('an order refunded in full', () => {
  it('is listed with the old orders, as the decided ones', () => {
    expect(ordersTabOf({ status: 'IN_PROGRESS' })).toBe('active');
    expect(ordersTabOf({ status: 'UNDER_REVIEW' })).toBe('active');
    expect(ordersTabOf({ status: 'REFUNDED' })).toBe('old');
    expect(ordersTabOf({ status: 'APPROVED' })).toBe('old');
    expect(ordersTabOf({ status: 'REJECTED' })).toBe('old');
  });

  it('is read, never continued', () => {
    expect(resumePath('IN_PROGRESS', 'a1')).toBe('/application/a1/general-info');
    expect(resumePath('REFUNDED', 'a1')).toBeNull();
    expect(resumePath('CHANGES_REQUESTED', 'a1')).toBe('/application/a1/review');
    expect(viewPath('IN_PROGRESS', 'a1')).toBeNull();
    expect(viewPath('REFUNDED', 'a1')).toBe('/application/a1/review');
    expect(viewPath('SUBMITTED', 'a1')).toBe('/application/a1/review');
    expect(viewPath('DRAFT', 'a1')).toBeNull();
  });
});
