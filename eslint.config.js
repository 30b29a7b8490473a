// Lint for every folder: typescript-eslint, React hooks in the client, and the import
// boundaries that keep dependencies pointing one way (see ARCHITECTURE.md).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * jotai has one door, client/src/state/jotai.ts: every other file takes atoms, hooks and the
 * store from there, so the store the live layer writes is the one the screens read.
 */
const JOTAI_DOOR = 'client/src/state/jotai.ts';
const JOTAI_MESSAGE = `Import atoms, hooks and appStore from ${JOTAI_DOOR}, jotai's one door.`;
const jotaiOnlyThroughTheDoor = {
  paths: [{ name: 'jotai', message: JOTAI_MESSAGE }],
  patterns: [{ group: ['jotai/*'], message: JOTAI_MESSAGE }],
};

/**
 * `no-restricted-imports` options naming the folders a layer may not reach (and the packages in
 * `paths`), with jotai kept behind its door everywhere (`door`: the door itself, which may import it).
 */
const forbid = (message, folders, { paths = [], door = false } = {}) => ({
  paths: [...paths, ...(door ? [] : jotaiOnlyThroughTheDoor.paths)],
  patterns: [
    ...folders.map((folder) => ({
      group: [`**/${folder}`, `**/${folder}/**`, `../${folder}/**`],
      message,
    })),
    ...(door ? [] : jotaiOnlyThroughTheDoor.patterns),
  ],
});
const CLIENT_REACH = ['The client talks to the server over HTTP and sockets only.', ['server', 'events', 'projections']];

export default tseslint.config(
  { ignores: ['node_modules/**', 'client/dist/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Files of no layer below (tests, configuration) keep jotai behind its door too.
      'no-restricted-imports': ['error', jotaiOnlyThroughTheDoor],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // We do not compile with the React Compiler; react-hook-form's watch() and the virtualiser are fine.
      'react-hooks/incompatible-library': 'off',
      'no-restricted-imports': ['error', forbid(...CLIENT_REACH)],
    },
  },
  {
    files: [JOTAI_DOOR],
    rules: { 'no-restricted-imports': ['error', forbid(...CLIENT_REACH, { door: true })] },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbid('shared/ is imported by both ends and imports neither.', ['server', 'events', 'projections', 'client'], {
          paths: ['postgres', 'koa', 'socket.io', 'react'].map((name) => ({ name, message: 'shared/ holds pure rules and contracts.' })),
        }),
      ],
    },
  },
  {
    // Every string a request carries starts from shared/schemas/strings.ts, which refuses what
    // PostgreSQL cannot store (NUL, lone surrogates) and takes only http(s) addresses.
    files: ['shared/schemas/**/*.ts', 'shared/imports.ts'],
    ignores: ['shared/schemas/strings.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['string', 'url', 'httpUrl', 'stringFormat', 'templateLiteral'].map((name) => ({
          selector: `MemberExpression[object.name='z'][property.name='${name}']`,
          message: `Build strings with str() from shared/schemas/strings.ts, not z.${name}().`,
        })),
        {
          selector: "MemberExpression[object.object.name='z'][object.property.name='coerce'][property.name='string']",
          message: 'Build strings with str() from shared/schemas/strings.ts, not z.coerce.string().',
        },
      ],
    },
  },
  {
    files: ['events/**/*.ts'],
    ignores: ['events/store/**', 'events/handleCommand.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        forbid('Deciders are pure: no I/O, no transport.', ['server', 'projections', 'client', 'store/append', 'store/connect', 'store/subscribe'], {
          paths: ['postgres', 'koa', 'socket.io', 'node:fs', 'node:net', 'node:http'].map((name) => ({
            name,
            message: 'Deciders are pure: time and ids arrive in the command.',
          })),
        }),
      ],
    },
  },
  {
    files: ['events/store/**/*.ts', 'events/handleCommand.ts'],
    rules: { 'no-restricted-imports': ['error', forbid('The log knows nothing of read models or transport.', ['server', 'projections', 'client'])] },
  },
  {
    files: ['projections/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', forbid('Projections never import the server.', ['server', 'client'])] },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', forbid('The server never imports the browser code.', ['client'])] },
  },
);
