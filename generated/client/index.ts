export * from './endpoints/address/address';
export * from './endpoints/claim/claim';
export * from './endpoints/health/health';
export * from './endpoints/index';
export * from './endpoints/info-request/info-request';
export * from './endpoints/operator/operator';
export * from './models';
