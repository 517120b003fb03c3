// The names docs/receiver.md's samples leave to the reader's application (scripts/docs-check.mjs).
declare const saveStatus: (id: string, status: string) => import("effect").Effect.Effect<void>
declare const welcome: (accountId: string) => import("effect").Effect.Effect<void>
