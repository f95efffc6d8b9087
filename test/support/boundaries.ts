import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * The import rules that keep the floor plan (docs/ARCHITECTURE.md, "Rules that keep this shape"), checked over real
 * imports read with TypeScript's own parser: static imports and re-exports, `import x = require(…)`, and dynamic
 * `import(…)` calls. Used by test/unit/boundaries.test.ts on `src/` and on small synthetic trees.
 */

/** One import of one file. */
export interface ImportEdge {
  /** The importing file, relative to the root, with `/` separators. */
  from: string;
  /** The specifier as written (`discord.js`, `../core/api.js`). */
  specifier: string;
  /** The imported file relative to the root (`/`), for a relative specifier that resolves; undefined for a package. */
  to: string | undefined;
  /** `import type`, `export type`, or named bindings that are all `type`: erased at build, no runtime edge. */
  typeOnly: boolean;
  /** An `import(…)` call: loaded when the code runs, still a runtime dependency. */
  dynamic: boolean;
}

/** The rules, with the folders they name relative to the root (`src/`). */
export interface BoundaryRules {
  /** Package name → the one folder (and its subfolders) allowed to import it, type imports included. */
  platformLibraries: Readonly<Record<string, string>>;
  /** The folder holding one folder per platform; a platform's folder imports no other platform's folder. */
  platforms: string;
  /** The folder that may import nothing but its own files and {@link coreAllowedPackages}, types included. */
  core: string;
  /** Packages (Node's built-ins included, as `node:fs`) the core may import, types or values. */
  coreAllowedPackages: readonly string[];
}

/** A broken rule, as one readable line. */
export interface Violation {
  rule: 'platform-library' | 'platform-isolation' | 'core-import' | 'folder-cycle';
  detail: string;
}

const TS_FILE = /\.(ts|mts|tsx)$/;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listFiles(path);
    return TS_FILE.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const posix = (p: string) => p.split(sep).join('/');

function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base.replace(/\.(m?)js$/, '.$1ts'), base.replace(/\.js$/, '.tsx'), base, `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

function allTypeOnly(elements: readonly { isTypeOnly: boolean }[]): boolean {
  return elements.length > 0 && elements.every((e) => e.isTypeOnly);
}

/** Every import of every TypeScript file under `root`. */
export function readImports(root: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of listFiles(root)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
      const target = specifier.startsWith('.') ? resolveRelative(file, specifier) : undefined;
      edges.push({ from: posix(relative(root, file)), specifier, to: target && posix(relative(root, target)), typeOnly, dynamic });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const named = clause?.namedBindings;
        const typeOnly = clause !== undefined && (clause.isTypeOnly || (!clause.name && named !== undefined && ts.isNamedImports(named) && allTypeOnly(named.elements)));
        add(node.moduleSpecifier.text, typeOnly, false);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.exportClause;
        add(node.moduleSpecifier.text, node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && allTypeOnly(clause.elements)), false);
      } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
        add(node.moduleReference.expression.text, node.isTypeOnly, false);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
        add(node.arguments[0].text, false, true);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text, true, false);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return edges;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const inFolder = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier);

/**
 * The folder a file belongs to for the cycle rule: its first folder under the root (`core`, `app`, `jobs`,
 * `platforms`). Files directly in the root (`main.ts`, `config.ts`, `log.ts`) belong to no folder: they are the entry
 * point and the shared kit every folder may use.
 */
export function folderOf(file: string): string | undefined {
  const parts = file.split('/');
  return parts.length < 2 ? undefined : parts[0];
}

/** `discord` for `platforms/discord/x.ts` when `platforms` is the platforms' folder; undefined for its shared files. */
function platformOf(file: string, platforms: string): string | undefined {
  if (!inFolder(file, platforms)) return undefined;
  const rest = file.slice(platforms.length + 1).split('/');
  return rest.length > 1 ? rest[0] : undefined;
}

/** The folder-level cycles among value imports, each as `a -> b -> a` (every cycle found once, by its smallest folder). */
export function folderCycles(edges: readonly ImportEdge[]): string[] {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.typeOnly || e.to === undefined) continue;
    const a = folderOf(e.from);
    const b = folderOf(e.to);
    if (a === undefined || b === undefined || a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a)!.add(b);
  }
  const cycles = new Set<string>();
  const nodes = [...graph.keys()].sort();
  for (const start of nodes) {
    // Shortest path from each successor of `start` back to `start`, over folders not smaller than `start`.
    const previous = new Map<string, string>([[start, '']]);
    const queue = [start];
    while (queue.length) {
      const at = queue.shift()!;
      for (const next of [...(graph.get(at) ?? [])].sort()) {
        if (next < start) continue;
        if (next === start) {
          const path: string[] = [];
          for (let p = at; p !== start; p = previous.get(p)!) path.unshift(p);
          cycles.add([start, ...path, start].join(' -> '));
          queue.length = 0;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, at);
          queue.push(next);
        }
      }
    }
  }
  return [...cycles];
}

/** Every broken rule under `root`, in a stable order; empty when the tree keeps them all. */
export function checkBoundaries(root: string, rules: BoundaryRules): Violation[] {
  const edges = readImports(root);
  const out: Violation[] = [];
  for (const e of edges) {
    if (e.specifier.startsWith('.')) continue;
    const home = rules.platformLibraries[packageOf(e.specifier)] ?? Object.entries(rules.platformLibraries).find(([pkg]) => pkg.endsWith('/*') && e.specifier.startsWith(pkg.slice(0, -1)))?.[1];
    if (home !== undefined && !inFolder(e.from, home)) out.push({ rule: 'platform-library', detail: `${e.from} imports ${e.specifier}, which belongs in ${home}/` });
  }
  for (const e of edges) {
    const a = platformOf(e.from, rules.platforms);
    const b = e.to === undefined ? undefined : platformOf(e.to, rules.platforms);
    if (a !== undefined && b !== undefined && a !== b) out.push({ rule: 'platform-isolation', detail: `${e.from} imports ${e.specifier}, a file of another platform (${b})` });
  }
  for (const e of edges) {
    if (!inFolder(e.from, rules.core)) continue;
    if (e.specifier.startsWith('.')) {
      if (e.to === undefined || !inFolder(e.to, rules.core)) out.push({ rule: 'core-import', detail: `${e.from} imports ${e.specifier}, outside ${rules.core}/` });
    } else if (!rules.coreAllowedPackages.includes(packageOf(isBuiltin(e.specifier) && !e.specifier.startsWith('node:') ? `node:${e.specifier}` : e.specifier))) {
      out.push({ rule: 'core-import', detail: `${e.from} imports the package ${e.specifier}, not one the core may use` });
    }
  }
  for (const cycle of folderCycles(edges)) out.push({ rule: 'folder-cycle', detail: cycle });
  return out;
}

/**
 * The packages loaded when `entry` (relative to the root) is imported: the package specifiers of every file reached
 * from it over static value imports (dynamic `import(…)` calls and type-only imports load nothing at that time).
 */
export function packagesLoadedBy(edges: readonly ImportEdge[], entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const e of edges) {
      if (e.from !== file || e.typeOnly || e.dynamic) continue;
      if (e.to === undefined) {
        if (!e.specifier.startsWith('.')) packages.add(packageOf(e.specifier));
      } else if (!seen.has(e.to)) {
        seen.add(e.to);
        queue.push(e.to);
      }
    }
  }
  return packages;
}
