export declare function serverNodeFlags(): string[];
export declare function serverNodeEnv(): Record<string, string>;
