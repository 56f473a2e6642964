export * from './envelope';
export * from './money';
export * from './reference';
