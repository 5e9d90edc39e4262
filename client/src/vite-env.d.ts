/// <reference types="vite/client" />

/** The translations in parts (vite-plugins/locale-parts.ts). */
declare module 'virtual:namjai-locale/initial' {
  const translations: Record<string, Record<string, unknown>>;
  export default translations;
}
declare module 'virtual:namjai-locale/*' {
  const translations: Record<string, unknown>;
  export default translations;
}
