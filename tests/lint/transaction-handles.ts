import ts from 'typescript';

// The checks behind transaction-handles.test.ts, read from each file's syntax alone (no type checker, so the
// whole tree is read in seconds). They are an approximation, on purpose a strict one: a lock whose handle this
// reading cannot follow to a Transaction is reported, and the file is fixed or the handle named plainly.

/** Where a file imports, declares or names the old `Tx` union (src/server/db/client.ts). */
export function txUses(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isImportSpecifier(node) && (node.propertyName ?? node.name).text === 'Tx') {
      found.push(`${at(node)} imports Tx`);
    } else if (ts.isTypeAliasDeclaration(node) && node.name.text === 'Tx') {
      found.push(`${at(node)} declares Tx`);
    } else if (
      ts.isTypeReferenceNode(node) &&
      ts.isIdentifier(node.typeName) &&
      node.typeName.text === 'Tx'
    ) {
      found.push(`${at(node)} takes Tx`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Functions whose callback's first parameter is a transaction or a unit of work holding one. */
const OPENS_TRANSACTION = new Set(['transaction', 'openUnit', 'withUnit']);

type Binding =
  /** A parameter or variable declared with this type. */
  | { kind: 'typed'; type: string }
  /** The first parameter of a callback handed to db.transaction, openUnit or withUnit. */
  | { kind: 'opened' }
  /** A destructured name (`{ tx }`) of a parameter of this kind. */
  | { kind: 'destructured'; from: Binding }
  /** A variable holding a query built on another handle (`const query = tx.select()...`). */
  | { kind: 'built'; on: ts.Expression }
  | { kind: 'unknown' };

const calleeName = (call: ts.CallExpression): string | undefined => {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
};

function parameterBinding(parameter: ts.ParameterDeclaration, fn: ts.SignatureDeclaration): Binding {
  if (parameter.type) return { kind: 'typed', type: parameter.type.getText().trim() };
  const call = fn.parent;
  const first = fn.parameters[0] === parameter;
  if (first && call && ts.isCallExpression(call) && OPENS_TRANSACTION.has(calleeName(call) ?? '')) {
    return { kind: 'opened' };
  }
  return { kind: 'unknown' };
}

/** What `name`, as used at `from`, is bound to: the nearest parameter or variable of that name. */
function bindingOf(name: string, from: ts.Node): Binding {
  for (let scope: ts.Node | undefined = from.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      for (const parameter of scope.parameters) {
        if (ts.isIdentifier(parameter.name) && parameter.name.text === name) {
          return parameterBinding(parameter, scope);
        }
        if (ts.isObjectBindingPattern(parameter.name)) {
          const element = parameter.name.elements.find(
            (e) => ts.isIdentifier(e.name) && e.name.text === name && !e.propertyName,
          );
          if (element) return { kind: 'destructured', from: parameterBinding(parameter, scope) };
        }
      }
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope)) {
      for (const statement of scope.statements) {
        if (!ts.isVariableStatement(statement) || statement.pos > from.pos) continue;
        for (const declaration of statement.declarationList.declarations) {
          // `const { tx } = unit;`
          if (
            ts.isObjectBindingPattern(declaration.name) &&
            declaration.initializer &&
            ts.isIdentifier(declaration.initializer) &&
            declaration.name.elements.some(
              (e) => ts.isIdentifier(e.name) && e.name.text === name && !e.propertyName,
            )
          ) {
            return { kind: 'destructured', from: bindingOf(declaration.initializer.text, declaration) };
          }
          if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
          if (declaration.type) return { kind: 'typed', type: declaration.type.getText().trim() };
          if (declaration.initializer) return { kind: 'built', on: declaration.initializer };
          return { kind: 'unknown' };
        }
      }
    }
  }
  return { kind: 'unknown' };
}

/** The handle a query chain starts from: `tx` in `tx.select().from(t).for('update')`, `unit.tx` kept whole. */
function rootOf(expression: ts.Expression): ts.Expression {
  let e = expression;
  for (;;) {
    if (ts.isCallExpression(e)) e = e.expression;
    else if (ts.isPropertyAccessExpression(e)) {
      if (e.name.text === 'tx' && ts.isIdentifier(e.expression)) return e;
      e = e.expression;
    } else if (
      ts.isParenthesizedExpression(e) ||
      ts.isAwaitExpression(e) ||
      ts.isNonNullExpression(e) ||
      ts.isAsExpression(e)
    ) {
      e = e.expression;
    } else return e;
  }
}

/** Why the handle `root` may not be a transaction, or null when it is one. */
function handleProblem(root: ts.Expression, depth = 0): string | null {
  if (depth > 5) return 'a handle followed too far';
  const isUnit = (b: Binding) => b.kind === 'opened' || (b.kind === 'typed' && b.type === 'Unit');
  if (ts.isPropertyAccessExpression(root) && ts.isIdentifier(root.expression)) {
    // unit.tx: the unit's own transaction.
    return isUnit(bindingOf(root.expression.text, root)) ? null : `${root.getText()} (not a unit's)`;
  }
  if (!ts.isIdentifier(root)) return `${root.getText().slice(0, 40)} (not a handle this check can follow)`;
  const binding = bindingOf(root.text, root);
  switch (binding.kind) {
    case 'opened':
      return null;
    case 'typed':
      return binding.type === 'Transaction' ? null : `${root.text}: ${binding.type}`;
    case 'destructured':
      return isUnit(binding.from) ||
        (binding.from.kind === 'typed' && /\btx: Transaction\b/.test(binding.from.type))
        ? null
        : `${root.text} (destructured from something not a unit)`;
    case 'built':
      return handleProblem(rootOf(binding.on), depth + 1);
    default:
      return `${root.text} (bound where this check cannot see a Transaction)`;
  }
}

/** The handle raw SQL given to `call` runs on: `tx` of `tx.execute(...)`, or of `run` = transactionSql(tx). */
function rawSqlHandle(call: ts.CallExpression): ts.Expression | null {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'execute')
    return rootOf(callee.expression);
  if (!ts.isIdentifier(callee)) return null;
  const binding = bindingOf(callee.text, callee);
  if (
    binding.kind === 'built' &&
    ts.isCallExpression(binding.on) &&
    ts.isIdentifier(binding.on.expression) &&
    binding.on.expression.text === 'transactionSql' &&
    binding.on.arguments[0]
  ) {
    return rootOf(binding.on.arguments[0]);
  }
  return null;
}

const RAW_LOCK = /\bfor\s+(no\s+key\s+)?update\b/i;

/** The row locks (`.for('update')`, or `for update` in raw SQL run by `.execute`) not run on a Transaction. */
export function unguardedLocks(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, problem: string) =>
    found.push(
      `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} locks on ${problem}`,
    );
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'for' &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      /update/.test(node.arguments[0].text)
    ) {
      const problem = handleProblem(rootOf(node.expression.expression));
      if (problem) report(node, problem);
    } else if (
      (ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateExpression(node) ||
        ts.isStringLiteral(node)) &&
      RAW_LOCK.test(node.getText())
    ) {
      // Raw SQL: the statement must be run by a handle's execute, or by transactionSql(handle).
      let call: ts.Node | undefined = node.parent;
      while (call && !ts.isCallExpression(call)) call = call.parent;
      const handle = call && ts.isCallExpression(call) ? rawSqlHandle(call) : null;
      const problem = handle ? handleProblem(handle) : 'raw SQL run where this check cannot see the handle';
      if (problem) report(node, problem);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The handles that are one connection: a unit (its transaction), a Transaction, and a Reader (often one). */
const ONE_CONNECTION = /^(Unit|Transaction|Reader)$/;
const RUNS_TOGETHER = new Set(['all', 'allSettled', 'any', 'race']);

/** Whether `name`, used at `from`, is declared between `from` and `outer` (a callback's own parameter, say). */
function declaredWithin(name: string, from: ts.Node, outer: ts.Node): boolean {
  const declares = (n: ts.BindingName): boolean =>
    ts.isIdentifier(n)
      ? n.text === name
      : n.elements.some((e) => !ts.isOmittedExpression(e) && declares(e.name));
  for (let scope: ts.Node | undefined = from.parent; scope && scope !== outer; scope = scope.parent) {
    if (ts.isFunctionLike(scope) && scope.parameters.some((p) => declares(p.name))) return true;
    if (ts.isBlock(scope)) {
      for (const statement of scope.statements) {
        if (
          ts.isVariableStatement(statement) &&
          statement.declarationList.declarations.some((d) => declares(d.name))
        ) {
          return true;
        }
      }
    }
  }
  return false;
}

/** Why the handle named `name` (used at `at`) is one connection, or null when it is not, or not known to be. */
function oneConnection(name: string, at: ts.Node, depth = 0): string | null {
  if (depth > 5) return null;
  const binding = bindingOf(name, at);
  const isUnit = (b: Binding) => b.kind === 'opened' || (b.kind === 'typed' && b.type === 'Unit');
  switch (binding.kind) {
    case 'opened':
      return `${name} (a unit)`;
    case 'typed':
      return ONE_CONNECTION.test(binding.type) ? `${name}: ${binding.type}` : null;
    case 'destructured': {
      if (isUnit(binding.from)) return `${name} (a unit's)`;
      // `const { db } = o` where o is typed `{ db: Reader; ... }`.
      if (binding.from.kind !== 'typed') return null;
      const member = new RegExp(`\\b${name}\\??: (\\w+)`).exec(binding.from.type)?.[1];
      return member && ONE_CONNECTION.test(member) ? `${name} (a ${member})` : null;
    }
    case 'built': {
      // A query built on the handle and not yet run (`const q = tx.select()...`); an awaited one is a result.
      if (ts.isAwaitExpression(binding.on)) return null;
      const root = rootOf(binding.on);
      return ts.isIdentifier(root) ? oneConnection(root.text, root, depth + 1) : null;
    }
    default:
      return null;
  }
}

/**
 * Queries sent at once on one connection: a `Promise.all` (or allSettled, any, race) whose argument uses a unit,
 * a Transaction or a Reader declared outside it (as the handle a query is built on, an argument handed to a
 * function, or `.tx`). One client runs one query at a time: node-postgres queues the others and warns, and its
 * next major refuses them. Read from the syntax alone, like the lock check above: a Promise.all that only
 * hands such a handle to something that does not query (rare) is reported too, and written with inSequence.
 */
export function queriesSideBySide(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'Promise' &&
      RUNS_TOGETHER.has(node.expression.name.text)
    ) {
      const call = node;
      const problems = new Set<string>();
      const inspect = (n: ts.Node) => {
        const parent = n.parent;
        if (
          ts.isIdentifier(n) &&
          ((ts.isPropertyAccessExpression(parent) && parent.expression === n) ||
            (ts.isCallExpression(parent) && parent.arguments.includes(n)) ||
            ts.isArrayLiteralExpression(parent)) &&
          !declaredWithin(n.text, n, call)
        ) {
          const problem =
            ts.isPropertyAccessExpression(parent) && parent.name.text === 'tx'
              ? `${n.text}.tx`
              : oneConnection(n.text, n);
          if (problem) problems.add(problem);
        }
        ts.forEachChild(n, inspect);
      };
      call.arguments.forEach(inspect);
      for (const problem of problems) {
        found.push(
          `${file}:${source.getLineAndCharacterOfPosition(call.getStart()).line + 1} runs queries at once on ${problem}`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
