/**
 * GitHub's published descriptions of its APIs, which the stand-in holds every request to:
 *  - GraphQL: the SDL of `@octokit/graphql-schema` (GitHub's public schema, refreshed by Octokit
 *    from GitHub's own download). The stand-in executes each document against it with graphql-js,
 *    so a field, argument, type or variable GitHub would refuse fails the same way here.
 *  - REST: GitHub's OpenAPI description as `@octokit/openapi` ships it (api.github.com.json):
 *    the path and method must be one GitHub has, the path and query parameters of its types, and
 *    the JSON body must satisfy the operation's request schema.
 * Both are loaded once per process (the OpenAPI file is 13 MB: only that one file is read, not
 * the package's index, which loads every variant).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildSchema } from 'graphql';

const require = createRequire(import.meta.url);

/** A package's folder (neither package lets its package.json be resolved through "exports"). */
function packageDir(name) {
  for (const dir of require.resolve.paths(name) ?? []) {
    if (fs.existsSync(path.join(dir, name, 'package.json'))) return path.join(dir, name);
  }
  throw new Error(`${name} is not installed (npm ci)`);
}

let graphqlSchema;
/** GitHub's GraphQL schema (graphql-js GraphQLSchema), built from the published SDL. */
export function githubGraphqlSchema() {
  if (!graphqlSchema) {
    const sdl = fs.readFileSync(path.join(packageDir('@octokit/graphql-schema'), 'schema.graphql'), 'utf8');
    graphqlSchema = buildSchema(sdl, { assumeValidSDL: true });
  }
  return graphqlSchema;
}

let openapi;
let routes;
/** GitHub's REST OpenAPI description (api.github.com). */
export function githubOpenApi() {
  openapi ??= JSON.parse(fs.readFileSync(path.join(packageDir('@octokit/openapi'), 'generated', 'api.github.com.json'), 'utf8'));
  return openapi;
}

/** Each path template as a regular expression, with its parameter names. */
function routeTable() {
  if (!routes) {
    routes = Object.keys(githubOpenApi().paths).map((template) => {
      const names = [];
      const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_, name) => {
        names.push(name);
        return '([^/]+)';
      });
      return { template, names, re: new RegExp(`^${source}$`) };
    });
    // Literal segments win over parameters (/repos/{o}/{r}/pulls/comments before /pulls/{pull_number}).
    routes.sort((a, b) => a.names.length - b.names.length);
  }
  return routes;
}

function deref(node) {
  let n = node;
  while (n && typeof n === 'object' && typeof n.$ref === 'string') {
    const parts = n.$ref.replace(/^#\//, '').split('/');
    n = parts.reduce((o, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], githubOpenApi());
  }
  return n;
}

/**
 * The operation GitHub has for this request, or why there is none, and every way the request
 * departs from its description. `query`: URLSearchParams; `body`: the parsed JSON body or undefined.
 */
export function checkRestRequest(method, pathname, query, body) {
  const m = method.toLowerCase();
  const route = routeTable().find((r) => r.re.test(pathname));
  if (!route) return { problems: [`${method} ${pathname}: GitHub's REST API has no such path`] };
  const op = githubOpenApi().paths[route.template][m];
  if (!op) return { problems: [`${method} ${route.template}: GitHub's REST API has no ${method} on this path`] };
  const problems = [];
  const values = route.re.exec(pathname).slice(1).map(decodeURIComponent);
  const pathParams = Object.fromEntries(route.names.map((n, i) => [n, values[i]]));
  const params = (op.parameters ?? []).map(deref);
  for (const p of params) {
    const raw = p.in === 'path' ? pathParams[p.name] : p.in === 'query' ? query.get(p.name) ?? undefined : undefined;
    if (raw === undefined) {
      if (p.required && p.in !== 'header') problems.push(`${p.in} parameter ${p.name} is required`);
      continue;
    }
    const why = scalarProblem(raw, deref(p.schema) ?? {});
    if (why) problems.push(`${p.in} parameter ${p.name}: ${why}`);
  }
  const known = new Set(params.filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of query.keys()) if (!known.has(name)) problems.push(`query parameter ${name} is not one GitHub takes on ${method} ${route.template}`);
  const requestBody = deref(op.requestBody);
  if (requestBody) {
    const schema = deref(requestBody.content?.['application/json']?.schema);
    if (body === undefined) {
      if (requestBody.required) problems.push('a JSON body is required');
    } else if (schema) {
      problems.push(...schemaProblems(body, schema, 'body'));
    }
  } else if (body !== undefined && m !== 'get') {
    problems.push(`${method} ${route.template} takes no body`);
  }
  return { template: route.template, operationId: op.operationId, pathParams, problems };
}

/** A path or query value (always a string on the wire) against its schema. */
function scalarProblem(raw, schema) {
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.enum && !schema.enum.includes(raw)) return `${JSON.stringify(raw)} is not one of ${schema.enum.join('|')}`;
  if (type.includes('integer') && !/^-?\d+$/.test(raw)) return `${JSON.stringify(raw)} is not an integer`;
  if (type.includes('boolean') && raw !== 'true' && raw !== 'false') return `${JSON.stringify(raw)} is not a boolean`;
  return undefined;
}

function typeOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (Number.isInteger(v)) return 'integer';
  return typeof v;
}

/**
 * The JSON Schema subset GitHub's OpenAPI request bodies use: type (with nullable), enum,
 * properties, required, additionalProperties, items, minItems/maxItems, oneOf/anyOf/allOf,
 * minimum/maximum, minLength/maxLength.
 */
export function schemaProblems(value, schemaIn, at) {
  const schema = deref(schemaIn);
  if (!schema || typeof schema !== 'object') return [];
  if (schema.allOf) return schema.allOf.flatMap((s) => schemaProblems(value, s, at));
  if (schema.oneOf || schema.anyOf) {
    const options = schema.oneOf ?? schema.anyOf;
    const fits = options.filter((s) => schemaProblems(value, s, at).length === 0).length;
    if (schema.oneOf ? fits === 1 : fits >= 1) return [];
    return [`${at}: matches ${fits} of the ${schema.oneOf ? 'oneOf' : 'anyOf'} alternatives (${options.map((s) => deref(s)?.type ?? '?').join(', ')})`];
  }
  const actual = typeOf(value);
  if (value === null) return schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null')) ? [] : [`${at}: null is not allowed`];
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const ok = types.some((t) => t === actual || (t === 'number' && (actual === 'integer' || actual === 'number')));
    if (!ok) return [`${at}: must be ${types.join('|')} (got ${actual})`];
  }
  const problems = [];
  if (schema.enum && !schema.enum.includes(value)) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${schema.enum.map(String).join('|')}`);
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at}: above ${schema.maximum}`);
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at}: longer than ${schema.maxLength}`);
  }
  if (actual === 'array') {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items) value.forEach((item, i) => problems.push(...schemaProblems(item, schema.items, `${at}[${i}]`)));
  }
  if (actual === 'object') {
    const props = schema.properties ?? {};
    for (const name of schema.required ?? []) if (!(name in value)) problems.push(`${at}.${name} is required`);
    for (const [k, v] of Object.entries(value)) {
      if (props[k]) problems.push(...schemaProblems(v, props[k], `${at}.${k}`));
      else if (typeof schema.additionalProperties === 'object') problems.push(...schemaProblems(v, schema.additionalProperties, `${at}.${k}`));
      // Stricter than GitHub, which drops a property it does not know without a word: a client
      // that sends one believes something was posted that never was.
      else if (schema.additionalProperties !== true) problems.push(`${at}.${k} is not a property GitHub takes`);
    }
  }
  return problems;
}
