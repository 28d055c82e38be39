// ESLint runs inside `npm run lint` (scripts/lint.mjs) with --max-warnings 0.
// The parser needs TypeScript's JavaScript API, which TypeScript 7 does not ship: `typescript` is the
// official TypeScript 6 compatibility package and `@typescript/native` (7.x) owns `tsc` (package.json).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

const TESTS = ["**/*.test.{ts,tsx}", "tests/**"];
const RUNTIME = ["app/**", "bloks/**", "worker/**"];

const climbing = {
  regex: "^\\.\\./",
  message: "Import through a package.json alias (#app/…, #bloks/…, #tests/…) instead of climbing ../",
};
const unsafeRouter = {
  group: ["react-router", "react-router/*"],
  importNamePattern: "^UNSAFE_",
  message: "UNSAFE_ exports are React Router internals: use the supported API",
};
const reverse = {
  regex: "^#worker/",
  message: "app/ and bloks/ never import worker/: take the service from the request context",
};

export default defineConfig([
  globalIgnores([
    "build*/",
    ".react-router/",
    ".wrangler/",
    "coverage/",
    "playwright-report/",
    "test-results/",
    ".test-reports/",
    "screenshots/",
    "tests/bench/starter/",
    "worker-configuration.d.ts",
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // The React code: components, hooks and their tests (a .ts test holds no component).
    files: ["app/**/*.{ts,tsx}", "bloks/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    extends: [reactHooks.configs.flat.recommended],
    rules: { "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["**/*.tsx"],
    extends: [jsxA11y.flatConfigs.recommended],
  },
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.serviceworker },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Ambient declarations (a `declare global { namespace Cloudflare … }` augmentation) are how
      // the Workers types are extended; other namespaces stay out.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
      "no-restricted-imports": ["error", { patterns: [climbing] }],
    },
  },
  {
    // Runtime code uses React and React Router through their public API only.
    files: RUNTIME,
    ignores: TESTS,
    rules: {
      "no-restricted-imports": ["error", { patterns: [climbing, unsafeRouter] }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/__react[A-Za-z]*\\$/], TemplateElement[value.raw=/__react[A-Za-z]*\\$/]",
          message: "React's private DOM fields (__reactProps$, __reactFiber$…) are internals: use the public API",
        },
      ],
    },
  },
  {
    // The page code never depends on the Worker: services come in through the request context.
    files: ["app/**", "bloks/**"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": ["error", { patterns: [climbing, unsafeRouter, reverse] }],
    },
  },
  {
    // Their tests too: a test that needs the Worker's internals lives in worker/ or tests/, and a
    // route test hands in fake services (app/lib/context.testing.ts).
    files: ["app/**/*.test.{ts,tsx}", "bloks/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [climbing, reverse] }],
    },
  },
  {
    files: TESTS,
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "MemberExpression[property.name=/^(only|skip)$/]:matches([object.name=/^(it|test|describe)$/], [object.property.name='describe'])",
          message: "A focused or skipped test stays out of the tree",
        },
        {
          // A regular expression with a tag (`<a`, `</p>`, `<!--`, `<${tag}`) or an attribute (`="`) in it
          // reads markup as text: it breaks on attribute order or React's spelling, and passes on
          // a match in the wrong element. (A lookbehind's `(?<` is not a tag; \x2f and \x5c are / and \.)
          selector: [
            'Literal[regex.pattern=/(?<!\\(\\?)<[A-Za-z!\\x2f\\x5c]|=\\\\?"/]',
            "NewExpression[callee.name='RegExp'] :matches(Literal[value=/<[A-Za-z!\\x2f\\x5c]|=\"/], TemplateElement[value.raw=/<[A-Za-z!\\x2f\\x5c]|<$|=\\\\?\"/])",
          ].join(", "),
          message:
            "Query markup as a DOM (parseHtml, one, all, textOf… from tests/html.ts), not with a regular expression",
        },
      ],
    },
  },
  {
    files: ["scripts/**", "tests/**", "*.config.ts", "**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
]);
