export * from './common';
export * from './checkout';
export * from './contact';
export * from './support';
export * from './whiteLabel';
export * from './sandbox';
