export * from './wizard';
export * from './wizard-bodies';
export * from './post-payment';
