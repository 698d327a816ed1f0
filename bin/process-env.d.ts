// Types of process-env.js (plain JS: bin/reelsmith.js runs it before tsx is registered).
export declare const RENDER_ENV: Readonly<Record<string, string>>;
export declare const RENDER_COMMANDS: ReadonlySet<string>;
export declare function reexecEnv(args: readonly string[], env: Record<string, string | undefined>): Record<string, string> | null;
export declare function reexecWithRenderEnv(): void;
