export * from './wizard';
export * from './post-payment';
