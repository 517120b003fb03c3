/**
 * ESLint over packages, examples and bench (`pnpm lint`, run by .ci/run).
 * Syntax-only rules (no type information), so a full run stays cheap; the
 * type checker already covers what typed rules would add. Formatting is
 * Effect's dprint rule (`pnpm lint --fix` applies it).
 */
import js from "@eslint/js"
import effect from "@effect/eslint-plugin"
import tseslint from "typescript-eslint"

/** Rules of this repository that no plugin has. */
const moneta = {
  rules: {
    "store-names-as-they-are": {
      meta: {
        type: "problem",
        messages: { renamed: "Import `{{name}}` from the store as it is: store services are named <Thing>Store already." }
      },
      create: (context) => ({
        ImportDeclaration: (node) => {
          if (!String(node.source.value).startsWith("@moneta/store/")) return
          for (const specifier of node.specifiers) {
            if (specifier.type === "ImportSpecifier" && specifier.imported.name !== specifier.local.name) {
              context.report({ node: specifier, messageId: "renamed", data: { name: specifier.imported.name } })
            }
          }
        }
      })
    }
  }
}

/** Workspace packages whose barrels re-export every module: import the module itself. */
const workspaceBarrels = ["@moneta/domain", "@moneta/api", "@moneta/store", "@moneta/bank", "@moneta/http", "@moneta/webhooks"]

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "**/build/**", "**/bundle/**", "**/coverage/**", "**/.moneta/**"] },
  {
    files: [
      "packages/*/{src,test}/**/*.ts",
      // The dashboard's Preact components (packages/dashboard).
      "packages/*/src/**/*.tsx",
      "examples/*/src/**/*.ts",
      "examples/*/test/**/*.ts",
      "bench/src/**/*.ts"
    ],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { "@effect": effect },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Effect's Pipeable protocol is `pipeArguments(this, arguments)`.
      "prefer-rest-params": "off",
      // Effect's own formatting, as the Effect repositories configure it.
      "@effect/dprint": ["error", {
        config: {
          indentWidth: 2,
          lineWidth: 120,
          semiColons: "asi",
          quoteStyle: "alwaysDouble",
          trailingCommas: "never",
          operatorPosition: "maintain",
          "arrowFunction.useParentheses": "force"
        }
      }]
    }
  },
  {
    // Inside the workspace each module is imported by its own path; the barrels are for downstream projects (examples/).
    files: ["packages/*/{src,test}/**/*.ts", "packages/*/src/**/*.tsx"],
    rules: { "@effect/no-import-from-barrel-package": ["error", { packageNames: workspaceBarrels }] }
  },
  {
    // The packages log through Effect; examples and bench are programs that may print.
    files: ["packages/*/src/**/*.ts", "packages/*/src/**/*.tsx"],
    plugins: { moneta },
    rules: {
      "no-console": "error",
      // A store service is imported by its own name (`AccountStore`), never renamed to tell it from bank's.
      "moneta/store-names-as-they-are": "error"
    }
  },
  {
    // The API's groups keep only their middleware for requests (http/src/Group.ts).
    files: ["packages/http/src/**/*.ts"],
    ignores: ["packages/http/src/Group.ts"],
    rules: {
      "no-restricted-properties": ["error", {
        object: "HttpApiBuilder",
        property: "group",
        message: "Make the group with Group.make: HttpApiBuilder.group gives every request the context it was built in."
      }]
    }
  }
)
