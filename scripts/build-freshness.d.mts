export declare function builtEntry(): string;
export declare function buildState(entry?: string): 'missing' | 'stale' | 'fresh';
export declare function ensureBuild(options?: { entry?: string; env?: Record<string, string> }): void;
