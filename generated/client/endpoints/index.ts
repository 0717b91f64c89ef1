export * from './address/address';
export * from './claim/claim';
export * from './health/health';
export * from './info-request/info-request';
export * from './operator/operator';
