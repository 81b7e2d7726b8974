/**
 * Runtime checks that carry their TypeScript type: the board protocol declares each message once,
 * as a schema, and takes its type from it (`Infer`), so the type and the check cannot drift
 * apart. No dependencies (this runs in the extension host and in the webview alike).
 *
 * A check returns undefined when `v` matches, else the path below `v` plus the reason
 * (" must be a string", ".folders[0].threads[3].id must be a string"); the caller puts the name
 * of what it checked in front. Paths are built only on failure: a 5,000-thread snapshot runs
 * these checks ~100,000 times, and building a path string for each cost more than the checks.
 * They reject anything unexpected in what matters (types, enums, sizes) and ignore extra fields.
 */
export type Check = (v: unknown) => string | undefined;

/** A check that accepts exactly the values of type T (the type exists at compile time only). */
export interface Schema<T> extends Check {
  readonly __accepts?: T;
}

export type Infer<S> = S extends Schema<infer T> ? T : never;

/** Declares that `c` accepts exactly T: for checks written out by hand (a fast path). */
export const schema = <T>(c: Check): Schema<T> => c as Schema<T>;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const str = (max: number, { nonEmpty = true } = {}): Schema<string> => (v) =>
  typeof v !== 'string' ? ' must be a string' : nonEmpty && v.length === 0 ? ' must not be empty' : v.length > max ? ' is too long' : undefined;

/** Any string, of any length (what the host sends is its own data, not input). */
export const anyStr: Schema<string> = (v) => (typeof v === 'string' ? undefined : ' must be a string');

export const int = (min: number, max = Number.MAX_SAFE_INTEGER): Schema<number> => (v) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? undefined : ` must be an integer in ${min}..${max}`;

export const num: Schema<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? undefined : ' must be a number');

export const bool: Schema<boolean> = (v) => (typeof v === 'boolean' ? undefined : ' must be true or false');

/** `true` or nothing: the protocol leaves false flags out. */
export const onlyTrue: Schema<true> = (v) => (v === true ? undefined : ' must be true (or absent)');

export const oneOf = <const T extends string>(values: readonly T[]): Schema<T> => (v) =>
  typeof v === 'string' && (values as readonly string[]).includes(v) ? undefined : ` must be one of ${values.join(', ')}`;

/** May be absent; in an `object`, the field becomes optional. */
export const optional = <T>(c: Schema<T>): Schema<T | undefined> => (v) => (v === undefined ? undefined : c(v));

export const arrayOf = <T>(c: Schema<T>, max: number): Schema<readonly T[]> => (v) => {
  if (!Array.isArray(v)) return ' must be an array';
  if (v.length > max) return ' has too many items';
  for (let i = 0; i < v.length; i++) {
    const e = c(v[i]);
    if (e) return `[${i}]${e}`;
  }
  return undefined;
};

type Fields = Record<string, Schema<unknown>>;
type Optional<F extends Fields> = { [K in keyof F]: undefined extends Infer<F[K]> ? K : never }[keyof F];
type Flatten<T> = { [K in keyof T]: T[K] } & unknown;
/** The object an `object` schema accepts: its fields, readonly, those that may be absent optional. */
export type ObjectOf<F extends Fields> = Flatten<
  { readonly [K in Exclude<keyof F, Optional<F>>]: Infer<F[K]> } & { readonly [K in Optional<F>]?: Exclude<Infer<F[K]>, undefined> }
>;

export const object = <F extends Fields>(fields: F): Schema<ObjectOf<F>> => {
  const entries = Object.entries(fields); // once: snapshots run this check thousands of times
  return (v) => {
    if (!isObject(v)) return ' must be an object';
    for (const [k, c] of entries) {
      const e = c(v[k]);
      if (e) return `.${k}${e}`;
    }
    return undefined;
  };
};

/** `base`, then a further condition on a value that passed it. */
export const refine = <T>(base: Schema<T>, more: (v: T) => string | undefined): Schema<T> => (v) => base(v) ?? more(v as T);

/** Runs `c` on `v`, naming it `at` in the message. */
export const check = (c: Check, v: unknown, at: string): string | undefined => {
  const e = c(v);
  return e === undefined ? undefined : at + e;
};

/** Compile-time only: true when A and B accept the same values (a hand-kept interface and its schema agree). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
