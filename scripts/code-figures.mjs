// The figures of the code a newcomer takes over: lines by folder, the largest files, and the functions over 100
// lines (methods and named arrow functions too). `node scripts/code-figures.mjs [REV]` measures the working tree,
// or the files git holds at REV.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';

const rev = process.argv[2];
const ROOTS = /^(src|assembly|workers|bench|scripts|test)\//;
const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28 });
const files = (rev ? git('ls-tree', '-r', '--name-only', rev) : git('ls-files', '--cached', '--others', '--exclude-standard'))
  .split('\n')
  .filter((path) => (rev || existsSync(path)) && ROOTS.test(path) && /\.(ts|mjs)$/.test(path) && !path.endsWith('.d.ts'));
const text = (path) => (rev ? git('show', `${rev}:${path}`) : readFileSync(path, 'utf8'));

const folders = new Map();
const sizes = [];
const long = [];
for (const path of files) {
  const source = text(path);
  const lines = source.split('\n').length - (source.endsWith('\n') ? 1 : 0);
  const parts = path.split('/');
  const folder = parts.slice(0, parts.length > 2 ? 2 : 1).join('/');
  folders.set(folder, (folders.get(folder) ?? 0) + lines);
  sizes.push([lines, path]);
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    let name;
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) name = node.name.getText(file);
    else if (ts.isConstructorDeclaration(node)) name = 'constructor';
    else if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent)) name = node.parent.name.getText(file);
    if (name) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const owner = ts.isClassLike(node.parent) && node.parent.name ? `${node.parent.name.getText(file)}.` : '';
      if (last - first + 1 > 100) long.push([last - first + 1, `${path}: ${owner}${name}`]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}
const total = [...folders.values()].reduce((a, b) => a + b, 0);
console.log(`${total} lines in ${files.length} files${rev ? ` at ${rev}` : ''}\n\nlines by folder:`);
for (const [folder, lines] of [...folders].sort((a, b) => b[1] - a[1])) console.log(`  ${String(lines).padStart(6)}  ${folder}`);
console.log('\nlargest files:');
for (const [lines, path] of sizes.sort((a, b) => b[0] - a[0]).slice(0, 12)) console.log(`  ${String(lines).padStart(6)}  ${path}`);
console.log(`\nfunctions over 100 lines: ${long.length}`);
for (const [lines, name] of long.sort((a, b) => b[0] - a[0])) console.log(`  ${String(lines).padStart(6)}  ${name}`);
