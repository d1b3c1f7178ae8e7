"""Structured control flow as a small tree: what the lowering reads, normalises and writes back.

A function body becomes a list of statements: `Leaf` (a simple statement, kept as its source text),
`If`, `While`, `For`, `Return`, `Break`, `Continue`. Each records the names it reads and writes;
they come from Python's own `ast` (which knows loads from stores), so the liveness of
`tracerfix.lowering.liveness` needs no second parser of its own.
"""

from __future__ import annotations

import ast
import textwrap
from dataclasses import dataclass, field

import libcst as cst

from tracerfix import pyast
from tracerfix.analysis.known import GROWING_METHODS
from tracerfix.analysis.syntax import own_nodes
from tracerfix.analysis.syntax import target_names as cst_target_names
from tracerfix.rewrite import Refused

# Those returning None: called for their value (`out = jnp.append(out, i)`), they are a module's
# functions, not a container's methods.
_NONE_RETURNING = frozenset({"append", "extend", "insert", "remove", "clear", "update"})


@dataclass
class Leaf:
    text: str  # source of one simple statement, first line unindented
    reads: set[str]
    writes: set[str]  # names bound, or containers changed in place (`d["k"] = v` writes `d`)
    kills: set[str]  # names bound outright (`x = ...`), which end the liveness of their old value
    grows: set[str] = field(default_factory=set)  # lists/dicts resized (`xs.append(v)`)
    attribute_store: str | None = None  # `self.count = ...`: not a value the lowering can carry
    effect: str | None = None  # a call made for its effect (`print(...)`)
    indent: int = 0  # columns of indentation of the original statement
    comments: list[str] = field(default_factory=list)  # the comment lines above it
    helper: str | None = None  # the name a nested `def`/`class` binds
    written_here: bool = False  # tracerfix wrote the text (indented relative to its first line)
    raises: bool = False  # a `raise` statement: it stays Python code, never inside a `lax` body
    # `xs[i + 1] = v`: the container stored into, and the names its index reads.
    item_stores: dict[str, set[str]] = field(default_factory=dict)
    # Of `grows`, the names grown by `+` with a list display (`zs += [z]`): for an array, elementwise.
    concatenated: set[str] = field(default_factory=set)


@dataclass
class If:
    test: str
    reads: set[str]
    body: list
    orelse: list
    node: cst.CSTNode | None = None  # the original `if`, for the analysis' environment
    traced: bool | None = None  # known for the tests the lowering writes (flags)
    is_elif: bool = False
    binds: set[str] = field(default_factory=set)  # names the test binds with `:=`


@dataclass
class While:
    test: str
    reads: set[str]
    body: list
    node: cst.CSTNode | None = None
    traced: bool | None = None
    orelse: list = field(default_factory=list)  # `while ... else`: run when the loop ends without `break`


@dataclass
class For:
    target: str
    targets: set[str]
    iter: str
    reads: set[str]
    body: list
    node: cst.CSTNode | None = None
    iter_node: cst.BaseExpression | None = None
    orelse: list = field(default_factory=list)  # `for ... else`: run when the loop ends without `break`


@dataclass
class Return:
    value: str | None
    reads: set[str]


@dataclass
class Break:
    pass


@dataclass
class Continue:
    pass


Statement = (Leaf, If, While, For, Return, Break, Continue)


# --- building --------------------------------------------------------------------------------------


class Builder:
    """Turns the CST statements of one function into the tree, reading each simple statement's
    names with `ast`."""

    def __init__(self, module: cst.Module, indent_unit: str, depth: int) -> None:
        self.module = module
        self.unit = indent_unit
        self.depth = depth  # of the function's body
        self.nodes: dict[int, object] = {}  # id of a CST compound statement -> its tree statement
        # `if c: raise E(msg)` as the lines of a run-time check (`rewrite.runtime_check`), or None.
        self.raise_check = None
        # Whether an `if` only shortcuts its body (`masks.guards_masked_updates_only`): lowered as the body.
        self.only_shortcut = None
        # `while not_better:` loops whose flag is only cleared on the way to a `return`: `while True:`.
        self.endless: set[int] = set()

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)

    def block(self, suite: cst.BaseSuite, depth: int) -> list:
        if isinstance(suite, cst.SimpleStatementSuite):
            return [self.small(small, depth) for small in suite.body]
        return self.statements(suite.body, depth, {})

    def statements(self, nodes, depth: int, flags: dict[str, str]) -> list:
        """The statements `nodes` of one block; `flags`: the names the block has set to True or
        False so far (a later part of the same block continues with them)."""
        statements = []
        for statement in nodes:
            if isinstance(statement, cst.While) and isinstance(statement.test, cst.Name) \
                    and flags.get(statement.test.value) == "True" \
                    and _cleared_only_to_return(statement.body, statement.test.value):
                self.endless.add(id(statement))
            statements.extend(self.statement(statement, depth))
            _follow_flags(statement, flags)
        return statements

    def statement(self, node: cst.BaseStatement, depth: int) -> list:
        if isinstance(node, cst.SimpleStatementLine):
            if len(node.body) == 1 and not isinstance(node.body[0], (cst.Return, cst.Break, cst.Continue)):
                comments = comment_lines(node)
                leaf = self.leaf(self.code(node.with_changes(leading_lines=())).strip("\n"), node, depth)
                leaf.comments = comments
                return [leaf]
            return [self.small(small, depth) for small in node.body]
        if isinstance(node, cst.If) and node.orelse is None and self.raise_check is not None \
                and _raises_only(node.body):
            lines = self.raise_check(node)
            if lines is not None:
                # The check is ordinary code: a host function and the callback that runs it,
                # written as if they stood where the `if` does.
                leaves = []
                for text in lines:
                    leaf = self.leaf(text, node, depth)
                    leaf.written_here = True
                    if text.startswith("def "):
                        leaf.helper = text[4:].partition("(")[0]
                    leaves.append(leaf)
                return leaves
        if isinstance(node, cst.If) and self.only_shortcut is not None and self.only_shortcut(node):
            return self.block(node.body, depth)
        if isinstance(node, cst.If):
            test = self.code(node.test)
            orelse: list = []
            if isinstance(node.orelse, cst.If):
                orelse = self.statement(node.orelse, depth)
                orelse[0].is_elif = True
            elif isinstance(node.orelse, cst.Else):
                orelse = self.block(node.orelse.body, depth + 1)
            statement = If(test, expression_reads(test), self.block(node.body, depth + 1), orelse, node)
            statement.binds = expression_binds(test)
            statement.reads -= statement.binds
            self.nodes[id(node)] = statement
            return [statement]
        if isinstance(node, cst.While):
            test = "True" if id(node) in self.endless else self.code(node.test)
            statement = While(test, expression_reads(test), self.block(node.body, depth + 1), node,
                              orelse=self._loop_else(node, depth))
            self.nodes[id(node)] = statement
            return [statement]
        if isinstance(node, cst.For):
            if node.asynchronous is not None:
                raise Refused("an `async for` cannot be traced into a `lax` loop")
            target, iterable = self.code(node.target), self.code(node.iter)
            statement = For(target, target_names(target), iterable, expression_reads(iterable),
                            self.block(node.body, depth + 1), node, node.iter, self._loop_else(node, depth))
            self.nodes[id(node)] = statement
            return [statement]
        if isinstance(node, cst.Try):
            raise Refused("a `try` block around traced control flow: JAX cannot catch errors raised inside "
                          "`lax` control flow; move the `try` outside the traced function")
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            name = node.name.value
            # Its comment lines go above it, as a simple statement's do (they are not its text).
            text = self.code(node.with_changes(leading_lines=())).strip("\n")
            leaf = self.leaf(text, node, depth)
            leaf.comments = comment_lines(node)
            # A helper defined in a branch or body is local to it, never part of the state.
            leaf.writes, leaf.kills, leaf.helper = set(), {name}, name
            return [leaf]
        if isinstance(node, cst.With):
            raise Refused("a `with` block inside traced control flow: its enter and exit would run once, "
                          "at trace time; move it outside the branch or loop")
        raise Refused(f"`{type(node).__name__}` statements are not lowered")

    def _loop_else(self, node: cst.For | cst.While, depth: int) -> list:
        """The `else` of a loop (run when it ends without `break`), at the loop's own depth."""
        if node.orelse is None:
            return []
        orelse = self.block(node.orelse.body, depth + 1)
        if has_jump(orelse, (Break, Continue, Return), into_loops=True):
            raise Refused(f"a `{'for' if isinstance(node, cst.For) else 'while'} ... else` whose `else` has a "
                          "`break`, `continue` or `return`; move the `else` code after the loop behind a flag")
        return orelse

    def small(self, node: cst.BaseSmallStatement, depth: int):
        if isinstance(node, cst.Return):
            value = None if node.value is None else self.code(node.value)
            return Return(value, expression_reads(value) if value else set())
        if isinstance(node, cst.Break):
            return Break()
        if isinstance(node, cst.Continue):
            return Continue()
        return self.leaf(self.code(node.with_changes(semicolon=cst.MaybeSentinel.DEFAULT)).strip(), node, depth)

    def leaf(self, text: str, node: cst.CSTNode, depth: int) -> Leaf:
        leaf = analyse_leaf(text)
        leaf.indent = len(self.unit) * depth
        return leaf


def _follow_flags(statement: cst.BaseStatement, flags: dict[str, str]) -> None:
    """Update `flags` (name -> "True"/"False") past `statement`: a `name = True` sets one, any
    other binding of the name forgets it."""
    for node in own_nodes([statement]):
        targets = []
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, (cst.For, cst.CompFor)):
            targets = [node.target]
        for target in targets:
            for name in cst_target_names(target):
                flags.pop(name, None)
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name) \
                and isinstance(node.value, cst.Name) and node.value.value in ("True", "False") \
                and isinstance(statement, cst.SimpleStatementLine):
            flags[node.targets[0].target.value] = node.value.value


def _cleared_only_to_return(body: cst.BaseSuite, name: str) -> bool:
    """Every binding of `name` in the loop `body` is `name = False` followed, in its block, by
    simple statements up to a `return`: the loop's test never sees it False."""
    blocks = [node for node in own_nodes([body]) if isinstance(node, cst.IndentedBlock)]
    cleared = 0
    for block in blocks:
        for position, statement in enumerate(block.body):
            assigns = [small for small in getattr(statement, "body", ()) if isinstance(small, cst.Assign)
                       and any(name in cst_target_names(t.target) for t in small.targets)] \
                if isinstance(statement, cst.SimpleStatementLine) else []
            if not assigns:
                continue
            if any(len(a.targets) != 1 or not isinstance(a.value, cst.Name) or a.value.value != "False" for a in assigns):
                return False
            rest = [statement, *block.body[position + 1:]]
            if not all(isinstance(s, cst.SimpleStatementLine) for s in rest) \
                    or not any(isinstance(small, cst.Return) for s in rest for small in s.body) \
                    or any(isinstance(small, (cst.Break, cst.Continue)) for s in rest for small in s.body):
                return False
            cleared += len(assigns)
    others = [node for node in own_nodes([body]) if isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For))
              and name in cst_target_names(node.target)]
    return cleared > 0 and not others


def comment_lines(node: cst.CSTNode) -> list[str]:
    """The comment lines above a statement (`# Loop over nodes`), which travel with it."""
    return [line.comment.value for line in getattr(node, "leading_lines", ()) if line.comment is not None]


def _raises_only(block: cst.BaseSuite) -> bool:
    statements = list(block.body)
    if len(statements) != 1:
        return False
    only = statements[0]
    smalls = only.body if isinstance(only, cst.SimpleStatementLine) else [only] if isinstance(block, cst.SimpleStatementSuite) else []
    return len(smalls) == 1 and isinstance(smalls[0], cst.Raise)


def analyse_leaf(text: str) -> Leaf:
    try:
        tree = pyast.parse(textwrap.dedent(text))
    except SyntaxError:
        tree = pyast.parse("(\n" + text + "\n)") if "\n" in text else None
        if tree is None:
            raise Refused("a statement could not be read") from None
    reads, writes, kills, grows, concatenated = set(), set(), set(), set(), set()
    item_stores: dict[str, set[str]] = {}
    attribute_store = effect = None
    discarded = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    for node, scoped in _with_scopes(tree, frozenset()):
        if isinstance(node, ast.Name):
            if node.id in scoped:
                continue
            if isinstance(node.ctx, ast.Load):
                reads.add(node.id)
            else:
                writes.add(node.id)
        elif isinstance(node, (ast.Subscript, ast.Attribute)) and not isinstance(node.ctx, ast.Load):
            base = node
            while isinstance(base, (ast.Subscript, ast.Attribute)):
                if isinstance(base, ast.Attribute) and base is node:
                    attribute_store = ast.unparse(node)
                base = base.value
            if isinstance(base, ast.Name):
                writes.add(base.id)
                reads.add(base.id)
                if isinstance(node, ast.Subscript) and node.value is base:
                    item_stores.setdefault(base.id, set()).update(
                        n.id for n in ast.walk(node.slice) if isinstance(n, ast.Name))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            base = node.func.value
            if node.func.attr in GROWING_METHODS and isinstance(base, ast.Name) \
                    and (id(node) in discarded or node.func.attr not in _NONE_RETURNING):
                grows.add(base.id)
                writes.add(base.id)
        elif isinstance(node, ast.NamedExpr):
            writes.add(node.target.id)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            raise Refused("a `global`/`nonlocal` statement inside traced control flow")
    statement = tree.body[0] if tree.body else None
    if isinstance(statement, (ast.Assign, ast.AnnAssign)):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        for target in targets:
            kills |= target_names_ast(target)
        value = statement.value
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add) and len(targets) == 1 \
                and isinstance(targets[0], ast.Name):
            sides = (value.left, value.right)
            if any(isinstance(side, ast.Name) and side.id == targets[0].id for side in sides) \
                    and any(isinstance(side, (ast.List, ast.Tuple)) for side in sides):
                grows.add(targets[0].id)  # `zs = zs + [z]`
                concatenated.add(targets[0].id)
    elif isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
        reads.add(statement.target.id)
        kills.add(statement.target.id)
        if isinstance(statement.op, ast.Add) and isinstance(statement.value, (ast.List, ast.Tuple)):
            grows.add(statement.target.id)  # `zs += [z]`: a longer list (or tuple)
            concatenated.add(statement.target.id)
    elif isinstance(statement, (ast.Import, ast.ImportFrom)):
        for alias in statement.names:
            name = (alias.asname or alias.name).split(".")[0]
            writes.add(name)
            kills.add(name)
    elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        effect = ast.unparse(statement.value.func)
    leaf = Leaf(text, reads, writes, kills, grows, attribute_store, effect)
    leaf.concatenated = concatenated
    leaf.raises = isinstance(statement, ast.Raise)
    leaf.item_stores = item_stores
    return leaf


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


def _with_scopes(node: ast.AST, hidden: frozenset[str]):
    """Every node below `node` with the names a lambda or comprehension around it binds: those
    are not the function's there (`lambda l: l` in `lax.cond(c, f, lambda l: l, l)` hides only
    its own `l`, not the operand's)."""
    yield node, hidden
    if isinstance(node, ast.Lambda):
        arguments = node.args
        for default in (*arguments.defaults, *(d for d in arguments.kw_defaults if d is not None)):
            yield from _with_scopes(default, hidden)
        names = {arg.arg for arg in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}
        names |= {arg.arg for arg in (arguments.vararg, arguments.kwarg) if arg is not None}
        yield from _with_scopes(node.body, hidden | names)
        return
    if isinstance(node, _COMPREHENSIONS):
        generators = node.generators
        # The first iterable is evaluated where the comprehension stands; the rest inside it.
        yield from _with_scopes(generators[0].iter, hidden)
        inner = hidden | set().union(*(target_names_ast(g.target) for g in generators))
        for position, generator in enumerate(generators):
            yield from _with_scopes(generator.target, inner)
            if position:
                yield from _with_scopes(generator.iter, inner)
            for condition in generator.ifs:
                yield from _with_scopes(condition, inner)
        parts = (node.key, node.value) if isinstance(node, ast.DictComp) else (node.elt,)
        for part in parts:
            yield from _with_scopes(part, inner)
        return
    for child in ast.iter_child_nodes(node):
        yield from _with_scopes(child, hidden)


def target_names_ast(target: ast.AST) -> set[str]:
    if isinstance(target, ast.Name):
        return {target.id}
    if isinstance(target, (ast.Tuple, ast.List)):
        return set().union(*(target_names_ast(element) for element in target.elts)) if target.elts else set()
    if isinstance(target, ast.Starred):
        return target_names_ast(target.value)
    return set()


def target_names(text: str) -> set[str]:
    return target_names_ast(pyast.parse(text, mode="eval").body)


def expression_binds(text: str) -> set[str]:
    tree = pyast.parse("(" + text + ")", mode="eval")
    return {node.target.id for node in ast.walk(tree) if isinstance(node, ast.NamedExpr)}


def expression_reads(text: str) -> set[str]:
    try:
        tree = pyast.parse("(" + text + ")", mode="eval")
    except SyntaxError:
        raise Refused("an expression could not be read") from None
    return {node.id for node, scoped in _with_scopes(tree, frozenset())
            if isinstance(node, ast.Name) and node.id not in scoped}


# --- questions about statements ---------------------------------------------------------------------


def children(statement) -> list[list]:
    if isinstance(statement, If):
        return [statement.body, statement.orelse]
    if isinstance(statement, (While, For)):
        return [statement.body, statement.orelse]
    return []


def walk(statements: list):
    for statement in statements:
        yield statement
        for block in children(statement):
            yield from walk(block)


def writes_of(statements: list) -> list[str]:
    """Names bound or changed in `statements`, in the order they first appear."""
    found: dict[str, None] = {}
    for statement in walk(statements):
        if isinstance(statement, Leaf):
            for name in sorted(statement.writes, key=lambda n: statement.text.find(n)):
                found.setdefault(name)
        elif isinstance(statement, If):
            for name in sorted(statement.binds):
                found.setdefault(name)
        elif isinstance(statement, For):
            for name in sorted(statement.targets):
                found.setdefault(name)
    return list(found)


def has_jump(statements: list, kinds: tuple, into_loops: bool) -> bool:
    """Whether `statements` hold a statement of `kinds`, looking into nested loops or not."""
    for statement in statements:
        if isinstance(statement, kinds):
            return True
        if isinstance(statement, (While, For)) and not into_loops:
            continue
        if any(has_jump(block, kinds, into_loops) for block in children(statement)):
            return True
    return False


def always_returns(statements: list) -> bool:
    for statement in statements:
        if isinstance(statement, Return):
            return True
        if isinstance(statement, If) and always_returns(statement.body) and always_returns(statement.orelse):
            return True
    return False


def definitely_bound(statements: list) -> set[str] | None:
    """Names bound on every path through `statements` that goes on after them (loops may run
    zero times); None when no path goes on (every path returns, breaks or continues)."""
    bound: set[str] = set()
    for statement in statements:
        if isinstance(statement, Leaf):
            bound |= statement.kills
        elif isinstance(statement, If):
            bound |= statement.binds
            body, orelse = definitely_bound(statement.body), definitely_bound(statement.orelse)
            if body is None and orelse is None:
                return None
            bound |= orelse if body is None else body if orelse is None else body & orelse
        elif isinstance(statement, (Return, Break, Continue)):
            return None
    return bound


def upward_reads(statements: list, loops_run: bool = False) -> set[str]:
    """Names `statements` may read before binding them (their live-in with nothing live after);
    `loops_run`: counting every `for` as running at least once."""
    from tracerfix.lowering.liveness import live_before

    return live_before(statements, set(), loops_run)
