export declare function builtEntry(): string;
export declare function buildState(): 'missing' | 'stale' | 'fresh';
export declare function ensureBuild(): void;
