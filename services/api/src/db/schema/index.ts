export * from './applications';
export * from './documents';
export * from './operations';
export * from './payments';
export * from './reference';
export * from './users';
export * from './refunds';
export * from './receipts';
