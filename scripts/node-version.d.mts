export declare const requiredNode: string;
export declare function nodeVersionProblem(version?: string): string | null;
export declare function exitUnlessNodeSupported(): void;
