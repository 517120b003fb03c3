import type { Migrator } from "@effect/sql";
import { SqlError } from "@effect/sql";
import { Effect } from "effect";
import type { ConfigError } from "effect";
/** A hash naming the template of this build's migrations. */
export declare const key: Effect.Effect<string>;
/** The template: read from the cache, or built and cached. */
export declare const load: Effect.Effect<Blob, SqlError.SqlError | Migrator.MigrationError | ConfigError.ConfigError>;
/** Whether `dataDir` (a path, or `memory://`) holds no database yet, so it can start from the template. */
export declare const isFresh: (dataDir: string) => Effect.Effect<boolean, SqlError.SqlError>;
//# sourceMappingURL=Template.d.ts.map