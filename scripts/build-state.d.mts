export declare function inputsHash(inputs: readonly string[]): string;
export declare function isStale(output: string, inputs: readonly string[]): boolean;
export declare function recordBuild(output: string, inputs: readonly string[], hash?: string): void;
export declare const targets: Record<'client' | 'server', { output: string; inputs: string[] }>;
