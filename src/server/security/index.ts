export * from './events';
export * from './input';
