export * from './envelope';
export * from './messages';
export * from './money';
export * from './reference';
export * from './auth';
export * from './orders';
