/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The year of the build (vite.config.ts defines it); absent under the component tests. */
  readonly BUILD_YEAR?: string;
}
