"""The general lowering of Python control flow on traced values into `jax.lax` control flow.

The control-flow rules (TFX101 `if`, TFX102 `while`, TFX108 `for`) first try their idiomatic
templates (`jnp.where`, vectorised loops, the simple `lax` loop forms); where none applies they
call `lower(context, node)`, which rewrites the statement (and whatever its jumps reach) as a
person writes `lax` code:

1. `ir`: the function's statements as a small tree, with the names each reads and writes;
2. `liveness`: what is live where, once per function;
3. `jumps`: `return`, `break` and `continue` made into data (continuations and flags);
4. `emit`: `lax.cond` / `lax.switch` / `lax.while_loop` / `lax.fori_loop` / `lax.scan` over named
   functions defined just above the statement they serve.

What JAX cannot express (a list that grows in a loop, a name bound in one branch only, a `try`
around the flow...) raises `Refused` naming the construct and what the user can do. `check` and
`rewrite` never import JAX: this package only writes text.
"""

from __future__ import annotations

import ast
import copy
import re
from dataclasses import dataclass

import libcst as cst

from tracerfix import pyast
from tracerfix.analysis import known
from tracerfix.analysis.scopes import param_names
from tracerfix.analysis.syntax import descendants
from tracerfix.analysis.values import TRACED
from tracerfix.loops.branches import is_array
from tracerfix.loops.conditions import ALL_OR_ANY, reduced_in
from tracerfix.lowering.buffers import buffered_lists, splice
from tracerfix.lowering.emit import MARK as _MARK, Scope, Writer
from tracerfix.lowering.ir import (
    Break,
    analyse_leaf,
    Builder,
    Continue,
    For,
    If,
    Leaf,
    Return,
    While,
    children,
    definitely_bound,
    has_jump,
    walk,
    writes_of,
)
from tracerfix.lowering.jumps import Flags, constant_return, function_tail
from tracerfix.lowering.liveness import Liveness
from tracerfix.masks import guards_masked_updates_only
from tracerfix.rewrite import (
    FLOAT_TEXT,
    names_in,
    Refused,
    _comments,
    _fitted,
    check_identity_tests,
    debug_print_text,
    header_comment,
    inspect_operand,
    is_boolean,
    names_read,
    opens_block,
    refuse_none_holders,
    refuse_mixed_sequences,
    refuse_recursion,
    refuse_static_none_guards,
    code_under_and_after,
    runtime_check,
    one_line_test,
    scalar_predicate,
    truth_test_is_traced,
)
from tracerfix.rule import Fix, Safety

__all__ = ["lower", "claim_inner", "nested_ifs_first", "traced_exit_tests", "Refused"]


@dataclass
class Iteration:
    """How a `for` loop steps: over `range(start, stop)`, or along the first axis of arrays."""

    kind: str  # "range" or "array"
    start: str
    stop: str
    reads: set[str]
    index: str | None  # the name that holds the index in the loop body, if the target is one
    scanned: str  # what `lax.scan` walks along
    elements: str  # the target's value at index `{i}`, for the index loop
    target: str

    def element(self, index: str) -> str | None:
        if self.kind == "range":
            return None if index == self.target else f"{index}"
        return self.elements.format(i=index)


def lower(context, node: cst.BaseStatement, traced_bounds: bool = False, keep_python_loops: bool = False) -> Fix:
    """A fix that lowers the traced `if`/`while`/`for` `node`; raises `Refused` with the reason.
    `traced_bounds`: `node` is a `for` over a `range` of traced values (a `lax.fori_loop` with
    traced bounds, which reverse mode cannot differentiate). `keep_python_loops`: a `for` over
    Python values stays a Python loop (unrolled while tracing) around its lowered body; the fix
    made without it carries this form as its `alternative`, for when the `lax` loop's traced
    index would leak (`quad_nodes[nodes_per_interval[k]]`)."""
    reserved = context.helper_names()[1]
    before = dict(reserved)
    try:
        lowerer = Lowerer(context, node)
        lowerer.traced_bounds = traced_bounds
        lowerer.keep_python_loops = keep_python_loops
        fix = lowerer.fix()
        if (isinstance(lowerer.root_loop, For) or lowerer.static_loop_lowered) and not traced_bounds \
                and not keep_python_loops:
            try:
                fix.alternative = lower(context, node, keep_python_loops=True)
            except Refused:
                pass
        return fix
    except (Refused, RecursionError):
        reserved.clear()
        reserved.update(before)  # a refused form defines no helpers
        raise
    except Exception as error:  # noqa: BLE001 - a bug here must cost the fix, not the user's run
        reserved.clear()
        reserved.update(before)
        raise Refused(f"tracerfix failed to build the `lax` form ({type(error).__name__}: "
                      f"{str(error).splitlines()[0] if str(error) else ''}); please report it") from error


class Lowerer:
    def __init__(self, context, node: cst.BaseStatement) -> None:
        self.context = context
        self.node = node
        function = context.function
        if not isinstance(function, cst.FunctionDef):
            raise Refused("the control flow is in a lambda")
        if function.asynchronous is not None:
            raise Refused("the function is `async`")
        self.function = function
        self.unit = context.module.default_indent
        self.differentiated = context.scope is not None and context.scope.differentiated
        self.vmapped = context.scope is not None and context.scope.transform in known.VMAP_TRANSFORMS
        self.given: set[str] = set()  # the names this lowering took (`fresh`)
        self.returned: str | None = None
        self.result: str | None = None
        self.constant_result: str | None = None  # see `jumps.Flags.constant`
        self.root_loop = None
        self.keep_python_loops = False
        # A loop on Python values that returns was made a `lax` loop: kept Python, it is the
        # alternative form (its count may be needed static, `gauss_legendre(n_points)`).
        self.static_loop_lowered = False
        self.traced_bounds = False
        self.locals: set[str] = set()  # the function's own names (the rest are globals)
        self.cond_notes: list[str] = []
        # `self.x` carried as the local `self_x` (`_carry_attributes`): tests read from the code
        # (`predicate`) are renamed alike.
        self.attribute_patterns: list[tuple[re.Pattern[str], str]] = []

    # -- what the writer asks ----------------------------------------------------------------
    def fresh(self, name: str) -> str:
        return self.context.helper_name(name if name.isidentifier() else "state", self.node, self.given)

    def spell(self, qualified: str) -> str:
        return self.context.spell(qualified)

    def test_is_traced(self, statement, tainted: set[str]) -> bool:
        if statement.traced is not None:
            return statement.traced
        if _reads_values(statement.test) & tainted:
            return True
        node = statement.node
        if node is None:
            return False
        from tracerfix.loops.placement import env_at

        context = self.context
        saved = context.env
        context.env = env_at(node, context)
        try:
            return truth_test_is_traced(context, node.test)
        finally:
            context.env = saved

    def traced_at(self, node: cst.CSTNode | None, names: set[str]) -> set[str] | None:
        """Which of `names` the analysis knows traced where `node` runs; None when one of them is
        an object or a container holding traced values (not an array a host callback receives)."""
        from tracerfix.loops.placement import env_at

        env = env_at(node, self.context) if node is not None else self.context.env
        traced = set()
        for name in names:
            value = env.get(name)
            if value is not None and value.trace == TRACED:
                if value.container or name == "self":
                    return None
                traced.add(name)
        return traced

    def is_elif(self, statement: If) -> bool:
        return statement.is_elif

    def predicate(self, statement) -> str:
        """The statement's test as a boolean array: `and`/`or`/`not` become `&`/`|`/`~`."""
        node = getattr(statement, "node", None)
        if node is None or not hasattr(node, "test"):
            return statement.test
        from tracerfix.loops.conditions import condition, truth

        context = self.context
        converted = truth(condition(node.test, context, self.spell("jax.numpy")), context)
        text = one_line_test(converted, context)
        if not is_boolean(node.test, context) and converted is node.test:
            text = f"{self.spell('jax.numpy')}.asarray({text}).astype(bool)"
        text = scalar_predicate(context, node.test, text)
        for pattern, local in self.attribute_patterns:
            text = pattern.sub(local, text)
        return text

    def check_identity_tests(self, names) -> None:
        check_identity_tests(self.context, names)

    def note_cond(self) -> None:
        if self.vmapped and not self.cond_notes:
            self.cond_notes.append(
                "under `vmap` a batched `lax.cond` runs both branches and selects: a branch that is costly, "
                "has side effects or yields NaN (in its gradient) where it is not taken now runs everywhere"
            )

    def raise_check(self, node: cst.If) -> list[str] | None:
        """`if c: raise E("message")` as a check that raises when the compiled function runs
        (`rewrite.runtime_check`): `lax` traces both branches, so a `raise` would fire while
        tracing, whatever the data. None where the exception takes more than a message."""
        statement = node.body.body[0]
        raised = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) else statement
        code = self.context.module.code_for_node
        check = self.runtime_raise(code(raised), " ".join(code(node.test).split()), fails_when=True, replaced=node)
        if check is None:
            return None
        lines, note = check
        self.cond_notes.append(note)
        return lines

    def runtime_raise(self, text: str, test: str, fails_when: bool, replaced: cst.CSTNode | None = None,
                      ) -> tuple[list[str], str] | None:
        """The `raise E("message")` statement `text`, reached where `test` is `fails_when`, as a
        check that raises when the compiled function runs, with its note; None where the
        exception takes more than a message. `replaced`: the statement it stands for (default:
        the one this lowering replaces)."""
        try:
            raised = self.context.parse_statement(text.strip() + "\n").body[0]
            condition = self.context.parse_expression(test)
        except (cst.ParserSyntaxError, AttributeError, IndexError):
            return None
        exception = getattr(raised, "exc", None)
        arguments = exception.args if isinstance(exception, cst.Call) else ()
        if exception is None or len(arguments) > 1 or any(a.keyword or a.star for a in arguments):
            return None
        if not fails_when:
            condition = self.context.parse_expression(f"~{test}" if test.isidentifier() else f"~({test})")
        try:
            check = runtime_check(self.context, condition, True, arguments[0].value if arguments else None, "`raise`",
                                  replaced or self.node)
        except Refused:
            return None
        described = self.context.describe(exception.func if isinstance(exception, cst.Call) else exception)
        return list(check.lines), f"{check.note}; the exception is no longer a `{described}`"

    def debug_print(self, text: str) -> str | None:
        """A `print(...)` statement's text as `jax.debug.print(...)`, or None (`rewrite.debug_print_text`)."""
        try:
            statement = self.context.parse_statement(text.strip() + "\n")
        except cst.ParserSyntaxError:
            return None
        small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 else None
        call = small.value if isinstance(small, cst.Expr) else None
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value == "print"):
            return None
        return debug_print_text(call, self.context)

    def is_effect(self, callee: str) -> bool:
        qualified = self.context.imports.qualify(self.context.parse_expression(callee)) or callee
        return not qualified.startswith("jax.")

    def wants_lax_loop(self, loop) -> bool:
        return loop is self.root_loop and not self.keep_python_loops

    def iteration(self, loop: For, snapshot=None) -> Iteration | None:
        """How `loop` steps. `snapshot(text)`: the name that holds the value an iterable's part had
        when the loop began, for parts that read what the loop changes (Python evaluates the
        iterable once; a `lax.while_loop` body that indexed the carried value would not)."""
        context = self.context
        snap = snapshot or (lambda text: text)
        iterable = loop.iter_node
        call = iterable if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) else None
        builtin = call.func.value if call is not None and call.func.value not in context.env else None
        target = loop.target
        simple = target if target.isidentifier() else None
        if builtin == "range":
            args = [snap(context.code(arg.value)) for arg in call.args]
            if any(arg.keyword or arg.star for arg in call.args) or not 1 <= len(args) <= 3:
                return None
            if len(args) == 3 and args[2].strip() != "1":
                return None
            start, stop = ("0", args[0]) if len(args) == 1 else (args[0], args[1])
            if simple is None:
                return None
            return Iteration("range", start, stop, loop.reads, simple, "", "", target)
        if builtin in ("enumerate", "zip"):
            values = [arg.value for arg in call.args]
            if any(arg.keyword or arg.star for arg in call.args) or not all(is_array(v, context) for v in values):
                return None
            texts = [snap(context.code(value)) for value in values]
            rows = [self.indexable(value, text) for value, text in zip(values, texts)]
            if builtin == "enumerate":
                if len(texts) != 1:
                    return None
                jnp = self.spell("jax.numpy")
                (array,), (row,) = texts, rows
                names = _target_parts(target)
                index = names[0] if names and names[0].isidentifier() else None
                return Iteration("array", "0", f"{array}.shape[0]", loop.reads, index,
                                 f"({jnp}.arange({array}.shape[0]), {array})", f"{{i}}, {row}[{{i}}]", target)
            # `zip` stops at its shortest argument (`lax.scan` over the tuple insists they agree).
            stop = f"{texts[0]}.shape[0]" if len(texts) == 1 else f"min({', '.join(t + '.shape[0]' for t in texts)})"
            return Iteration("array", "0", stop, loop.reads, None, f"({', '.join(texts)})",
                             ", ".join(f"{row}[{{i}}]" for row in rows), target)
        if is_array(iterable, context):
            text = snap(loop.iter)
            return Iteration("array", "0", f"{text}.shape[0]", loop.reads, None, text,
                             f"{self.indexable(iterable, text)}[{{i}}]", target)
        return None

    def indexable(self, node: cst.BaseExpression, text: str) -> str:
        """`text` as something a traced index can index: a NumPy array cannot be."""
        if self.context.is_traced(node):
            return text
        return f"{self.spell('jax.numpy')}.asarray({text})"

    # -- the fix -----------------------------------------------------------------------------
    def fix(self) -> Fix:
        context = self.context
        function = self.function
        if not isinstance(function.body, cst.IndentedBlock):
            raise Refused("the function body is on one line")
        top = next((a for a in context.ancestors if a in function.body.body), None)
        if top is None:
            top = self.node if self.node in function.body.body else None
        if top is None:
            raise Refused("the statement's place in its function was not found")
        depth = sum(isinstance(a, cst.IndentedBlock) for a in context.ancestors[: context.ancestors.index(function)]) \
            if function in context.ancestors else 0
        builder = Builder(context.module, self.unit, depth + 1)
        builder.raise_check = self.raise_check
        builder.only_shortcut = lambda node: guards_masked_updates_only(node, context.qualified_name)
        statements = list(function.body.body)
        position = statements.index(top)
        flags: dict[str, str] = {}
        before = builder.statements(statements[:position], depth + 1, flags)
        region = builder.statements(statements[position:], depth + 1, flags)
        target = builder.nodes.get(id(self.node))
        if target is None:
            raise Refused("the statement could not be read")
        refuse_none_holders(context, names_read(self.node))
        refuse_static_none_guards(context, _own_tests(self.node), code_under_and_after(context, self.node))
        path = _path_to(region, target)
        root = target
        if isinstance(root, If) and has_jump([root], (Break, Continue), into_loops=False):
            loops = [s for s in path if isinstance(s, (While, For))]
            if not loops:
                raise Refused("a `break`/`continue` outside a loop")
            root = loops[-1]
        if isinstance(root, (While, For)):
            self.root_loop = root
        run_once = _run_once_before(root, before, region) if isinstance(root, While) else []
        tail = has_jump([root], (Return,), into_loops=True)
        # A return inside makes the rest of the function a branch too.
        for statement in statements[position:] if tail else [self.node]:
            refuse_recursion(function, statement)
        params = _parameters(function)
        self.params = params
        self.locals = params | set(writes_of(before)) | set(writes_of(region))
        # Lists the lowered loops append to are kept as arrays with a row per step: only a loop at
        # the top of the function, as one inside a branch would make the list an array on that
        # branch alone, and the `lax.cond` that branch may become wants one structure from both.
        buffered = {}
        if not self.keep_python_loops:
            loops = [s for s in region if isinstance(s, For) and has_jump([s], (Return,), into_loops=True)] \
                if tail else [root] if isinstance(root, For) and any(s is root for s in region) else []
            for loop in loops:
                buffered[id(loop)] = buffered_lists(self, loop, before + region, params)
                splice(region, loop, *buffered[id(loop)])
        if tail:
            # Every return of the function counts: one before the region (`if c: return 1.`) joins
            # the result once its own `if` is lowered.
            refuse_mixed_sequences(function, [_expression(s.value) for s in walk(before + region)
                                              if isinstance(s, Return) and s.value])
            self.returned = self.fresh("returned")
            self.constant_result = constant_return(region)
            self.result = None if self.constant_result is not None else self.fresh("result")
            flags = Flags(returned=self.returned, result=self.result, constant=self.constant_result)
            bound = frozenset(params | set(writes_of(before)))
            region = function_tail(region, flags, self._placeholder(set(bound), region), bound)
            region = self._tail_attributes_as_names(region)
            replaced_root = None
        carried_attributes = [] if tail else self._attributes_as_names(root, region)
        liveness = Liveness()
        liveness.block(before + region, set())
        if tail:
            bound = params | set(writes_of(before))
            scope = Scope(set(), bound, returns=True)
            lowered = region
        else:
            bound = params | set(writes_of(before)) | _bound_in(region, root, path)
            scope = Scope(set(), bound, returns=False)
            pre, post = buffered.get(id(root), ([], []))
            lowered = [*run_once, *pre, root, *post]
            if carried_attributes:
                loads, stores = carried_attributes
                lowered = [*loads, *run_once, *pre, root, *post, *stores]
            replaced_root = root
        writer = Writer(self, self.unit, liveness)
        lines = writer.block(lowered, scope)
        if writer.lowered == 0:
            raise Refused("nothing in it depends on a traced value")
        notes = writer.notes + self.cond_notes
        if tail:
            replaced, removed = top, statements[position + 1 :]
        else:
            replaced, removed = replaced_root.node, []
        new = _statements(lines, replaced, removed, context, self.unit)
        for node in [replaced, *removed]:
            claim_inner(context, node)
        edits = [(replaced, cst.FlattenSentinel(new)), *((statement, cst.RemovalSentinel.REMOVE) for statement in removed)]
        kind = _title(lines)
        safety = Safety.UNSAFE if notes else Safety.SAFE
        return context.fix(f"Lower the control flow to `{kind}`", edits, safety, "; ".join(dict.fromkeys(notes)))

    def _attributes_as_names(self, root, region: list) -> tuple[list, list] | list:
        """`self.v = ...` inside the lowered statement: the attribute is carried as a local name
        (`self_v`), loaded before and stored back after (`self_v = self.v`, ..., `self.v = self_v`),
        as a person writing the `lax` form would. Only where the statement reaches the object
        through that attribute alone: a method call on it, or the object passed on, could read the
        attribute before it is stored back."""
        carried = self._carry_attributes([root])
        if not carried:
            return []
        loads, stores = carried
        block = next((b for b in [region, *(b for s in walk(region) for b in children(s))]
                      if any(s is root for s in b)), None)
        if block is None:
            raise Refused("the statement's place in its block was not found")
        at = next(i for i, s in enumerate(block) if s is root)
        block[at:at + 1] = [*loads, root, *stores]
        return loads, stores

    def _tail_attributes_as_names(self, region: list) -> list:
        """The rest of a function that returns inside a traced branch (`if done: self.n += 1;
        return end(...)`), with the attributes its branches set carried as local names: each
        `return v` gives the value to a `result` name instead, the attributes are stored back
        after the branches meet, and the function returns `result` there. The region as it was
        where no branch sets an attribute, or where a loop returns (its flags carry the value)."""
        if not any(isinstance(leaf, Leaf) and leaf.attribute_store for leaf in walk(region)):
            return region
        if any(isinstance(s, (While, For)) and has_jump([s], (Return,), into_loops=True) for s in walk(region)):
            return region
        carried = self._carry_attributes(region)
        if not carried:
            return region
        loads, stores = carried
        # A method that only updates its object (`if a < eps: self.H = I; return`) returns None on
        # every path: its returns just end their branch, and nothing is carried for them.
        bare = all(statement.value is None for statement in walk(region) if isinstance(statement, Return))
        result = None if bare else self.result or self.fresh("result")

        def returns_given(block: list) -> list:
            out = []
            for statement in block:
                if isinstance(statement, Return):
                    if result is not None:
                        out.append(analyse_leaf(f"{result} = {statement.value or 'None'}"))
                    continue
                if isinstance(statement, If):
                    statement.body, statement.orelse = returns_given(statement.body), returns_given(statement.orelse)
                out.append(statement)
            return out
        given = [*loads, *returns_given(region), *stores]
        return given if result is None else [*given, Return(result, {result})]

    def _carry_attributes(self, statements: list) -> tuple[list, list] | None:
        """The loads and stores that carry, as local names, the attributes `statements` set
        (renamed inside them), or None where they set none."""
        stored = {leaf.attribute_store for leaf in walk(statements) if isinstance(leaf, Leaf)
                  and leaf.attribute_store and _SIMPLE_ATTRIBUTE.fullmatch(leaf.attribute_store)}
        # `self._update(X)` that sets `self.w_`: the attribute is carried too, handed to the
        # object before each such call and read back after it.
        synced = self._methods_setting_attributes(statements)
        stored = sorted(stored | {attribute for attributes in synced.values() for attribute in attributes})
        if not stored:
            return None
        renames = {attribute: self.fresh(attribute.replace(".", "_")) for attribute in stored}
        for attribute, local in renames.items():
            pattern = re.compile(rf"(?<![\w.]){re.escape(attribute)}\b(?!\s*\()")
            self.attribute_patterns.append((pattern, local))
            for statement in statements:
                _rename_in(statement, pattern, local)
        for leaf, block in [(s, b) for b in [statements, *(b for s in walk(statements) for b in children(s))] for s in b
                            if isinstance(s, Leaf) and id(s) in synced]:
            at = next(i for i, s in enumerate(block) if s is leaf)
            handed = [analyse_leaf(f"{attribute} = {renames[attribute]}") for attribute in stored]
            for statement in handed:
                # Set for the call to read, and stored back after: the object itself is not state.
                statement.attribute_store, statement.writes, statement.kills = None, set(), set()
            block[at:at + 1] = [*handed, leaf,
                                *(analyse_leaf(f"{renames[attribute]} = {attribute}") for attribute in synced[id(leaf)])]
            leaf.effect = None  # the method's work is traced with the rest, not an effect run once
        owners = {attribute.partition(".")[0] for attribute in stored}
        blind = self._methods_not_touching(stored)
        for statement in walk(statements):
            if id(statement) in synced:
                continue
            for text in _texts_of(statement):
                for owner in owners:
                    # `self._observation()` that reads none of the carried attributes sees the
                    # object as it is either way.
                    text = re.sub(rf"(?<![\w.]){re.escape(owner)}\s*\.\s*(\w+)\s*\(",
                                  lambda call: "_(" if call.group(1) in blind.get(owner, ()) else call.group(0), text)
                    if re.search(rf"(?<![\w.]){re.escape(owner)}\b(?!\s*\.\s*\w+\b(?!\s*\())", text):
                        raise Refused(f"`{owner}` is used whole (called, passed on, or a method of it run) inside "
                                      f"the traced statement that sets `{stored[0]}`: the lowering carries the "
                                      "attribute as a local name, which those uses would not see")
        made_float = [attribute for attribute, local in renames.items() if self._integer_at_first(attribute)
                      and any(local in leaf.writes and FLOAT_TEXT.search(leaf.text)
                              for leaf in walk(statements) if isinstance(leaf, Leaf))]
        loads = [analyse_leaf(f"{local} = {attribute}" + (" * 1.0" if attribute in made_float else ""))
                 for attribute, local in renames.items()]
        for attribute in made_float:
            self.cond_notes.append(f"`{attribute}` starts as an integer in `__init__` and becomes a float here: "
                                   f"`lax` carries one dtype, so it enters as `{attribute} * 1.0`")
        stores = [analyse_leaf(f"{attribute} = {local}") for attribute, local in renames.items()]
        self.cond_notes.append(f"`{stored[0]}` is carried as `{renames[stored[0]]}` through the `lax` form and "
                               "set on the object after it")
        return loads, stores

    def _integer_at_first(self, attribute: str) -> bool:
        """`self.total = 0` in `__init__` of the class whose method this is."""
        owner, _, name = attribute.partition(".")
        chain = self.context.analysis.index.enclosing.get(id(self.function), ())
        if not chain or not isinstance(chain[-1], cst.ClassDef) or "." in name:
            return False
        init = self.context.analysis.index.class_method(chain[-1].name.value, "__init__")
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return False
        for line in init.body.body:
            for statement in (line.body if isinstance(line, cst.SimpleStatementLine) else ()):
                if isinstance(statement, cst.Assign) and len(statement.targets) == 1 \
                        and self.context.code(statement.targets[0].target).strip() == f"self.{name}":
                    return isinstance(statement.value, cst.Integer)
        return False

    def _methods_not_touching(self, stored: list[str]) -> dict[str, set[str]]:
        """For the enclosing class's `self`, the methods that neither read nor set any of the
        `stored` attributes, through the methods they call on it, and never pass `self` on."""
        chain = self.context.analysis.index.enclosing.get(id(self.function), ())
        owner = next(iter(param_names(self.function)), None) if chain and isinstance(chain[-1], cst.ClassDef) else None
        if owner is None:
            return {}
        methods = self.context.analysis.index.methods.get(id(chain[-1]), {})
        names = {attribute.partition(".")[2] for attribute in stored if attribute.partition(".")[0] == owner}
        blind = set()
        for name in methods:
            touched = _attributes_touched(methods, name, set())
            if touched is not None and not touched & names:
                blind.add(name)
        # `self.step(x, y, self.h)` with `self.step = wrapper(step, ...)`: a callable the object
        # holds, made without the object, never sees it.
        held: dict[str, bool] = {}
        for method in methods.values():
            method_owner = next(iter(param_names(method)), None)
            for node in descendants(method):
                if isinstance(node, cst.Assign):
                    for target in node.targets:
                        if isinstance(target.target, cst.Attribute) and isinstance(target.target.value, cst.Name) \
                                and target.target.value.value == method_owner:
                            attribute = target.target.attr.value
                            sees_object = any(isinstance(n, cst.Name) and n.value == method_owner
                                              for n in descendants(node.value))
                            held[attribute] = held.get(attribute, True) and not sees_object
        blind |= {attribute for attribute, unseeing in held.items()
                  if unseeing and attribute not in methods and attribute not in names}
        return {owner: blind}

    def _methods_setting_attributes(self, statements: list) -> dict[int, list[str]]:
        """The statements among `statements` (and under them) that call a method of the enclosing class on `self`
        (`self._update(n, X)`), by id, each with the attributes of `self` that the method sets,
        itself or through the methods it calls on `self` in turn."""
        chain = self.context.analysis.index.enclosing.get(id(self.function), ())
        owner = next(iter(param_names(self.function)), None) if chain and isinstance(chain[-1], cst.ClassDef) else None
        if owner is None:
            return {}
        methods = self.context.analysis.index.methods.get(id(chain[-1]), {})
        calls = re.compile(rf"(?<![\w.]){re.escape(owner)}\.(\w+)\s*\(")
        found = {}
        for leaf in walk(statements):
            if isinstance(leaf, Leaf):
                called = [name for name in calls.findall(leaf.text) if name in methods]
                attributes = sorted({f"{owner}.{attribute}" for name in called
                                     for attribute in _attributes_set(methods, name, set())})
                if attributes:
                    found[id(leaf)] = attributes
        return found

    def _placeholder(self, bound: set[str], region: list):
        """The initial value of `result` before a loop that returns: a value of the returned
        shape that exists before the loop (the value the function returns when the loop does
        not, or a value the loop returns, computed from the state before the loop)."""

        local_names = bound | set(writes_of(region))

        def placeholder(loop, rest: list) -> str:
            available = bound | _bound_in(region, loop, _path_to(region, loop))
            candidates = []
            for statement in rest:
                if isinstance(statement, Return):
                    candidates.append(statement)
                    break
                if not isinstance(statement, Leaf) and any(isinstance(s, Return) for s in walk([statement])):
                    break  # `if not mute: print(...)` between the loop and its return is passed over
            candidates += [s for s in walk(loop.body) if isinstance(s, Return)]
            for candidate in candidates:
                if candidate.value is None:
                    continue
                # Names the function never binds are globals and builtins: there all along.
                if candidate.reads & local_names <= available and not (candidate.reads & getattr(loop, "targets", set())):
                    return candidate.value
            for value in _returned_in_terms_of_earlier_state(loop.body):
                # `alpha_lower = alpha - rate; return alpha_lower, alpha`: the same shape, from
                # what the loop starts with.
                if names_in(value) & local_names <= available and not names_in(value) & getattr(loop, "targets", set()):
                    return value
            first = _first_item(loop)
            for candidate in candidates:
                # `return x, k` with `k` the loop's index: the same shape with the index's first value.
                if candidate.value is not None and first is not None and candidate.reads & local_names <= available | {loop.target}:
                    return _substituted(candidate.value, loop.target, first)
            # `x = x_new` in the body: `x_new` has the shape of `x`, which the loop starts with
            # (`return jnp.max(x_new) - jnp.max(x)` has the shape of `jnp.max(x) - jnp.max(x)`).
            carried_as = {value: target for target, value in filter(None, (
                _simple_assignment(leaf.text) for leaf in walk(loop.body) if isinstance(leaf, Leaf)))
                if value.isidentifier() and target in available}
            for candidate in candidates:
                if candidate.value is None:
                    continue
                value = candidate.value
                for name in sorted(names_in(value) & set(carried_as)):
                    value = _substituted(value, name, carried_as[name])
                if names_in(value) & local_names <= available and not names_in(value) & getattr(loop, "targets", set()):
                    return value
            raise Refused("a value returned inside the loop needs a placeholder of the same shape before the "
                          "loop, and none could be derived; bind `result = ...` before the loop and return it after")

        return placeholder


def _attributes_set(methods: dict, name: str, visiting: set[str]) -> set[str]:
    """The attributes of its first parameter (`self`) that method `name` sets, directly or
    through the methods it calls on it."""
    method = methods.get(name)
    if method is None or name in visiting or not param_names(method):
        return set()
    visiting.add(name)
    owner = next(iter(param_names(method)))
    found = set()
    for node in _descendants(method):
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else \
            [node.target] if isinstance(node, (cst.AugAssign, cst.AnnAssign)) else []
        for target in targets:
            if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name) and target.value.value == owner:
                found.add(target.attr.value)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and isinstance(node.func.value, cst.Name) and node.func.value.value == owner:
            found |= _attributes_set(methods, node.func.attr.value, visiting)
    return found


def _attributes_touched(methods: dict, name: str, visiting: set[str]) -> set[str] | None:
    """The attributes of its first parameter (`self`) that method `name` reads or sets, directly
    or through the methods it calls on it; None where `self` is used whole (passed on, returned,
    an attribute taken with `getattr`) or a method it calls is not found."""
    method = methods.get(name)
    if method is None or not param_names(method):
        return None
    if name in visiting:
        return set()
    visiting.add(name)
    owner = next(iter(param_names(method)))
    found: set[str] = set()
    attribute_bases = set()
    every_node = list(descendants(method))
    for node in every_node:
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == owner:
            attribute_bases.add(id(node.value))
            found.add(node.attr.value)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
                and isinstance(node.func.value, cst.Name) and node.func.value.value == owner:
            inner = _attributes_touched(methods, node.func.attr.value, visiting)
            if inner is None:
                return None
            found |= inner
    # Any other use of `self` (the first parameter's own definition aside) hands the object on.
    uses = [node for node in every_node if isinstance(node, cst.Name) and node.value == owner]
    if len([node for node in uses if id(node) not in attribute_bases]) > 1:
        return None
    return found


def _returned_in_terms_of_earlier_state(body: list) -> list[str]:
    """The value of each `return` in `body` (its nested blocks included) with the names that the
    simple assignments before it in its block bind replaced by their values."""
    found = []
    for block in [body, *(b for statement in walk(body) for b in children(statement))]:
        definitions: list[tuple[str, str]] = []
        for statement in block:
            if isinstance(statement, Return) and statement.value is not None and definitions:
                value = statement.value
                for name, assigned in reversed(definitions):
                    value = _substituted(value, name, assigned)
                found.append(value)
            elif isinstance(statement, Leaf):
                definition = _simple_assignment(statement.text)
                if definition is not None:
                    definitions.append(definition)
    return found


def _simple_assignment(text: str) -> tuple[str, str] | None:
    try:
        line = cst.parse_statement(text)
    except cst.ParserSyntaxError:
        return None
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    assign = line.body[0]
    if not isinstance(assign, cst.Assign) or len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
        return None
    value = assign.value
    text = cst.Module([]).code_for_node(value)
    atom = isinstance(value, (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.Integer, cst.Float, cst.SimpleString))
    return assign.targets[0].target.value, text if atom else f"({text})"


def _first_item(loop) -> str | None:
    """The text of the first value a `for` loop's single target takes (`range(a, b)`: `a`;
    `for c in xs`: `xs[0]`), or None."""
    if not isinstance(loop, For) or loop.targets != {loop.target} or loop.iter_node is None:
        return None
    iterable = loop.iter_node
    if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name) and iterable.func.value == "range":
        positional = [arg.value for arg in iterable.args if arg.keyword is None and not arg.star]
        if len(positional) != len(iterable.args) or not positional:
            return None
        return cst.Module([]).code_for_node(positional[0]) if len(positional) >= 2 else "0"
    if isinstance(iterable, (cst.Name, cst.Attribute)):
        return f"{cst.Module([]).code_for_node(iterable)}[0]"
    return None


def _substituted(code: str, name: str, value: str) -> str:
    """`code` with every read of `name` replaced by `value` (parenthesised)."""
    expression = cst.parse_expression(code)
    replacement = cst.parse_expression(value)

    class Replace(cst.CSTTransformer):
        def visit_Attribute(self, node):
            return False  # `a.k` is not `k`: only the object is read

        def leave_Attribute(self, original, updated):
            return updated.with_changes(value=updated.value.visit(self))

        def visit_Arg(self, node):
            return False  # nor is the keyword of `f(k=1)`

        def leave_Arg(self, original, updated):
            return updated.with_changes(value=updated.value.visit(self))

        def leave_Name(self, original, updated):
            return replacement if updated.value == name else updated

    return cst.Module([]).code_for_node(expression.visit(Replace()))


def _expression(text: str) -> cst.BaseExpression:
    try:
        return cst.parse_expression(text)
    except cst.ParserSyntaxError:
        return cst.Name("_")


def _path_to(statements: list, target) -> list:
    for statement in statements:
        if statement is target:
            return [statement]
        for block in children(statement):
            found = _path_to(block, target)
            if found:
                return [statement, *found]
    return []


def _bound_in(region: list, root, path: list) -> set[str]:
    """Names bound before `root` inside the region: by the statements ahead of it on its path
    (an `if` ahead binds what all its arms bind; a loop ahead, what it binds when it runs). A
    name bound only in a sibling branch (`if mode == "a": M = ... else: <root>`) is not bound at
    `root`, nor one bound only further on in a loop around it: in that loop's first iteration it
    has no value yet, so a `lax` form cannot start from it."""
    bound: set[str] = set()
    block = region
    for step in path:
        for statement in block:
            if statement is step:
                break
            bound |= _bound_by(statement)
        if step is root:
            break
        if isinstance(step, If):
            bound |= step.binds
        elif isinstance(step, For):
            bound |= step.targets
        block = next((b for b in children(step) if _contains(b, root)), [])
    return bound


def _bound_by(statement) -> set[str]:
    if isinstance(statement, Leaf):
        return set(statement.writes)
    if isinstance(statement, If):
        arms = [definitely_bound(statement.body), definitely_bound(statement.orelse)]
        live = [arm for arm in arms if arm is not None]
        return statement.binds | (set.intersection(*live) if live else set())
    if isinstance(statement, (While, For)):
        return set(writes_of(statement.body)) | getattr(statement, "targets", set())
    return set()


def _contains(block: list, target) -> bool:
    return any(statement is target for statement in walk(block))


def _parameters(function: cst.FunctionDef) -> set[str]:
    params = function.params
    names = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.add(star.name.value)
    return names


def _run_once_before(loop: While, before: list, region: list) -> list:
    """`abort = False`, then `while not jnp.all(abort): car, abort = step(car)`: the test reduces
    `abort`, an array of the shape `step` gives, which the Python `False` it starts as is not (a
    `lax` loop carries one shape). Where the test holds on entry, whatever those starts, the body
    runs once before the loop, as Python ran it first, and the loop starts from what it gave."""
    block = next((b for b in [region, *(b for s in walk(region) for b in children(s))]
                  if any(s is loop for s in b)), None)
    if block is None:
        return []
    at = next(i for i, s in enumerate(block) if s is loop)
    starts: dict[str, object] = {}
    for statement in (before if block is region else []) + block[:at]:
        if isinstance(statement, Leaf):
            assigned = _single_literal(statement.text)
            for name in statement.writes:
                starts.pop(name, None)
            if assigned is not None:
                starts[assigned[0]] = assigned[1]
        else:
            for name in writes_of([statement]):
                starts.pop(name, None)
    reduced = reduced_in(loop.test) & set(starts) & set(writes_of(loop.body))
    if not reduced:
        return []
    name = sorted(reduced)[0]
    if has_jump(loop.body, (Break, Continue, Return), into_loops=False) or _holds_on_entry(loop.test, starts) is not True:
        raise Refused(f"`{name}` starts as the Python value `{starts[name]!r}` and the loop's test reduces it "
                      f"(`{loop.test}`), so the loop makes it an array of another shape, which a `lax` loop cannot "
                      f"carry; start it as an array of that shape before the loop")
    first = copy.deepcopy(loop.body)
    block[at:at] = first
    return first


def _single_literal(text: str) -> tuple[str, object] | None:
    """`abort = False` as ("abort", False); None for other statements."""
    try:
        tree = pyast.parse(text.strip())
    except SyntaxError:
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Assign) or len(tree.body[0].targets) != 1:
        return None
    target, value = tree.body[0].targets[0], tree.body[0].value
    if isinstance(target, ast.Name) and isinstance(value, ast.Constant) and isinstance(value.value, (bool, int, float)):
        return target.id, value.value
    return None


def _holds_on_entry(test: str, starts: dict[str, object]) -> bool | None:
    """The test's truth with its names at their Python starts (`not jnp.all(False)` holds), where
    it only negates, reduces with `all`/`any` and compares those; None otherwise."""
    try:
        tree = pyast.parse("(" + test + ")", mode="eval").body
    except SyntaxError:
        return None

    def value(node):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name) and node.id in starts:
            return starts[node.id]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.Invert)):
            inner = value(node.operand)
            return None if not isinstance(inner, bool) else not inner
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ALL_OR_ANY \
                and not node.keywords:
            operands = node.args if node.args else [node.func.value]
            inner = value(operands[0]) if len(operands) == 1 else None
            return None if inner is None else bool(inner)
        return None

    result = value(tree)
    return result if isinstance(result, bool) else None


def _reads_values(test: str) -> set[str]:
    """Names whose values `test` reads: `x.shape[0]`, `x.ndim`, `len(x)`, `x is None` read only
    static facts."""
    try:
        tree = pyast.parse("(" + test + ")", mode="eval")
    except SyntaxError:
        return set()
    static_ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ("shape", "ndim", "dtype", "size") and isinstance(node.value, ast.Name):
            static_ids.add(id(node.value))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("len", "isinstance"):
            static_ids |= {id(arg) for arg in node.args if isinstance(arg, ast.Name)}
        if isinstance(node, ast.Compare) and all(isinstance(op, (ast.Is, ast.IsNot)) for op in node.ops):
            # `window is None`: identity is decided in Python, a tracer's as any object's.
            static_ids |= {id(side) for side in (node.left, *node.comparators) if isinstance(side, ast.Name)}
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and id(node) not in static_ids}


def _target_parts(target: str) -> list[str]:
    try:
        node = pyast.parse(target, mode="eval").body
    except SyntaxError:
        return []
    if isinstance(node, ast.Tuple):
        return [ast.unparse(element) for element in node.elts]
    return [target]


_CONTINUATIONS = re.compile(r"(else|elif|except|finally)\b")


def _continues(line: str) -> bool:
    """`else:` and its kind go on the compound statement above them."""
    return _CONTINUATIONS.match(line) is not None


def _statements(lines: list[str], replaced: cst.BaseStatement, removed, context, unit: str) -> list[cst.BaseStatement]:
    """`lines` as statements in place of `replaced`, keeping its leading comments and moving the
    comments of the replaced code above the new statements."""
    chunks: list[tuple[bool, list[str]]] = []
    blank = False
    for line in lines:
        if not line.strip():
            blank = True
            continue
        if not line[0].isspace() and line[0] != _MARK and not _continues(line) \
                and not (chunks and all(l.startswith("#") for l in chunks[-1][1])):
            chunks.append((blank, [line]))
        elif chunks:
            if blank:
                chunks[-1][1].append("")
            chunks[-1][1].append(line)
        blank = False
    depth = _depth_of(replaced, context)
    header = header_comment(replaced)
    skip = {id(line) for line in replaced.leading_lines}
    if header is not None:
        skip.add(id(header))
    comments = _comments(replaced, skip) + [c for statement in removed for c in _comments(statement, set())]
    # Comments the new lines carry (above the statements they describe) are not moved as well.
    seen: set[str] = {line.strip() for line in lines if line.strip().startswith("#")}
    written = "\n".join(lines)
    moved = []
    for comment in comments:
        if comment.value not in seen and comment.value not in written:  # a comment a kept line still ends with
            seen.add(comment.value)
            moved.append(cst.EmptyLine(comment=comment))
    statements = []
    for number, (blank_before, chunk) in enumerate(chunks):
        text = "\n".join(chunk).replace(_MARK, "") + "\n"
        statement = _fitted(context.parse_statement(text), context, depth)
        # The comment lines the writer put above the statement (`# a row for each step...`).
        own = [line for line in statement.leading_lines if line.comment is not None]
        leading = [cst.EmptyLine(indent=False)] if blank_before else []
        if number == 0:
            leading = [*replaced.leading_lines, *moved]
            # A statement the writer kept as it was (`for` around a lowered `if`) brings its
            # comments along: they stand in `leading` already.
            kept = {line.comment.value for line in replaced.leading_lines if line.comment is not None}
            own = [line for line in own if line.comment.value not in kept]
            if chunk[0].startswith("def ") and not leading and not own and not opens_block(replaced, context):
                leading = [cst.EmptyLine(indent=False)]
        statements.append(statement.with_changes(leading_lines=[*leading, *own]))
    if header is not None and header.comment.value not in written and statements \
            and isinstance(statements[-1], cst.SimpleStatementLine) and statements[-1].trailing_whitespace.comment is None:
        # `while ...:  # converge` stays with the line that now runs the loop (`x = lax.while_loop(...)`).
        statements[-1] = statements[-1].with_changes(trailing_whitespace=header)
    return statements


def _depth_of(node: cst.CSTNode, context) -> int:
    ancestors = context.ancestors
    if node in ancestors:
        ancestors = ancestors[: ancestors.index(node)]
    return sum(isinstance(a, cst.IndentedBlock) for a in ancestors)


def nested_ifs_first(context, node: cst.If) -> bool:
    """Whether `node` is better rewritten after the traced `if`s nested in its branches: it holds
    such `if`s and nothing else that needs lowering (no loop, `return`, `break` or `continue`)."""
    from tracerfix.loops.placement import env_at

    nested = False
    chain = {id(node)}
    current = node
    while isinstance(current.orelse, cst.If):
        current = current.orelse
        chain.add(id(current))
    returns = _returns_in_every_arm(node)  # nested selections of returned values: `jnp.where`s
    guarded = 0
    for inner in _descendants(node):
        if isinstance(inner, (cst.For, cst.While, cst.Break, cst.Continue, cst.Try, cst.With)):
            return False
        if isinstance(inner, cst.Return) and not returns:
            return False
        if isinstance(inner, (cst.Assign, cst.AugAssign, cst.Return)) and inner.value is not None:
            facts = inspect_operand(inner.value, context)
            guarded += len(facts.guards)
            # Costly branches, or several operations that nested selections would each mask
            # (`jnp.exp(jnp.where(c1, 0, jnp.where(c2, y, 0)))`): `lax.cond` reads better.
            if facts.expensive or guarded > 1:
                return False
        if isinstance(inner, cst.If) and id(inner) not in chain and not nested:
            saved = context.env
            context.env = env_at(inner, context)
            try:
                nested = truth_test_is_traced(context, inner.test)
            finally:
                context.env = saved
    return nested


def _returns_in_every_arm(node: cst.If) -> bool:
    """Every arm of the chain ends in a `return`, or in an `if` whose arms all do."""
    arms = [node.body]
    current = node
    while isinstance(current.orelse, cst.If):
        current = current.orelse
        arms.append(current.body)
    if current.orelse is None:
        return False
    arms.append(current.orelse.body)
    for arm in arms:
        statements = list(arm.body) if isinstance(arm, cst.IndentedBlock) else []
        last = statements[-1] if statements else None
        if isinstance(last, cst.If):
            if not _returns_in_every_arm(last):
                return False
        elif not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[-1], cst.Return)):
            return False
    return True


def _descendants(node: cst.CSTNode):
    pending = list(node.children)
    while pending:
        current = pending.pop()
        yield current
        if not isinstance(current, cst.BaseExpression):
            pending.extend(current.children)


def traced_exit_tests(context, loop: cst.While) -> list[cst.BaseExpression]:
    """The traced tests of the `if`s in `loop` (not in loops nested in it) that hold a `break` or
    `return`: what ends a `while True:` on traced values."""
    from tracerfix.loops.placement import env_at

    found = []
    pending = list(loop.body.children)
    while pending:
        node = pending.pop(0)
        if isinstance(node, (cst.For, cst.While, cst.FunctionDef, cst.ClassDef, cst.Lambda)) or isinstance(
            node, cst.BaseExpression
        ):
            continue
        if isinstance(node, cst.If) and any(isinstance(n, (cst.Break, cst.Return)) for n in _jumps_of(node)):
            saved = context.env
            context.env = env_at(node, context)
            try:
                if truth_test_is_traced(context, node.test):
                    found.append(node.test)
            finally:
                context.env = saved
        pending.extend(node.children)
    return found


def _jumps_of(node: cst.CSTNode):
    for inner in _descendants(node):
        if isinstance(inner, (cst.For, cst.While)):
            continue
        yield inner


def claim_inner(context, node: cst.CSTNode) -> None:
    """The `if`s and loops inside `node` are this finding's: other rules do not report them again."""
    for inner in _compound_nodes(node):
        if inner is not node:
            context.claim(inner)


def _own_tests(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The tests of an `if`/`elif` chain or a `while`."""
    tests = []
    while isinstance(node, (cst.If, cst.While)):
        tests.append(node.test)
        node = node.orelse if isinstance(node, cst.If) else None
    return tests


def _compound_nodes(node: cst.CSTNode):
    pending = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, (cst.If, cst.While, cst.For)):
            yield current
        if isinstance(current, cst.BaseExpression):
            continue
        pending.extend(current.children)


def _title(lines: list[str]) -> str:
    text = "\n".join(lines)
    for kind in ("while_loop", "fori_loop", "scan", "switch", "cond"):
        if f".{kind}(" in text:
            return f"lax.{kind}"
    return "lax"


_SIMPLE_ATTRIBUTE = re.compile(r"[A-Za-z_]\w*\.[A-Za-z_]\w*")


def _texts_of(statement) -> list[str]:
    if isinstance(statement, Leaf):
        return [statement.text]
    if isinstance(statement, (If, While)):
        return [statement.test]
    if isinstance(statement, For):
        return [statement.iter]
    if isinstance(statement, Return) and statement.value:
        return [statement.value]
    return []


def _rename_in(root, pattern: "re.Pattern[str]", local: str) -> None:
    """Replace what `pattern` matches by the name `local` in every text under `root`, keeping
    each statement's names read and written in step."""
    for statement in walk([root]):
        if isinstance(statement, Leaf):
            text = pattern.sub(local, statement.text)
            if text != statement.text:
                renamed = analyse_leaf(text)
                statement.text = text
                statement.reads, statement.writes, statement.kills = renamed.reads, renamed.writes, renamed.kills
                statement.grows, statement.attribute_store = renamed.grows, renamed.attribute_store
                statement.concatenated = renamed.concatenated
        elif isinstance(statement, (If, While)):
            test = pattern.sub(local, statement.test)
            if test != statement.test:
                statement.test = test
                statement.reads = statement.reads | {local}
        elif isinstance(statement, For):
            iterated = pattern.sub(local, statement.iter)
            if iterated != statement.iter:
                statement.iter = iterated
                statement.reads = statement.reads | {local}
        elif isinstance(statement, Return) and statement.value:
            value = pattern.sub(local, statement.value)
            if value != statement.value:
                statement.value = value
                statement.reads = statement.reads | {local}
