export * from './address/address';
export * from './claim/claim';
export * from './health/health';
export * from './operator/operator';
