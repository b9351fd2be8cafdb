export * from './types';
export * from './common';
export * from './entities';
export * from './endpoints';
export * from './events';
export * from './errors';
export * from './samples';
export * from './signatureSamples';
