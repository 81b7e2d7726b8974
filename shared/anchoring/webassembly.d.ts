/**
 * The part of the WebAssembly JS API content-hash.ts uses. Node has WebAssembly as a global,
 * but @types/node leaves its types to the DOM library, which the Node side must not include
 * (tsconfig.node.json): declaring these few keeps DOM types out of the extension and the CLI.
 */
declare namespace WebAssembly {
  interface Memory {
    readonly buffer: ArrayBuffer;
  }
  class Module {
    constructor(bytes: BufferSource);
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, unknown>);
    readonly exports: Record<string, unknown>;
  }
}
