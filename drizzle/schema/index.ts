export * from './users';
export * from './applications';
export * from './loans';
export * from './rewards';
export * from './site';
export * from './offers';
export * from './ocr';
export * from './consents';
