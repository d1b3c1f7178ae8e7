"""Writing the lowered statements back as code a JAX user would write by hand.

- a traced `if`/`else` becomes `lax.cond(test, _when_..., _unless_..., *state)` over two named
  functions defined just above it, taking and returning the names the branches change; a chain of
  `elif`s on traced tests becomes `lax.switch`;
- a traced `while` becomes `lax.while_loop(keep_updating_..., update_..., state)`;
- a `for` that stops early (a traced `break` or `return`) becomes a `lax.while_loop` over the index
  (or a guarded Python loop over a Python collection); otherwise a `for` over `range(...)` becomes
  `lax.fori_loop` and one over an array (`enumerate`, `zip`) `lax.scan`.

The state is a tuple of the real names, a single name when there is one. Every name, flag and
helper is checked against the names of the function, so a second run finds nothing to change.
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass, field

import libcst as cst

from tracerfix import pyast
from tracerfix.lowering.ir import (
    Break,
    Continue,
    For,
    If,
    Leaf,
    Return,
    While,
    always_returns,
    analyse_leaf,
    children,
    comment_lines,
    definitely_bound,
    has_jump,
    walk,
    upward_reads,
    writes_of,
)
from tracerfix.analysis.values import TRACED
from tracerfix.lowering.jumps import Flags, is_literal_number, loop_body
from tracerfix.lowering.liveness import Liveness
from tracerfix.rewrite import (
    FLOAT_TEXT,
    Refused,
    assigned_before,
    reverse_mode_refusal,
    integer_start_made_float,
    literal_shape,
    names_in,
    never_an_array,
    number_start,
    refuse_different_shapes,
    refuse_growing,
    refuse_numbers_made_unknown_arrays,
    passed_functions,
    shaped_start,
    slug as _slug,
)

MARK = "\x00"
# The effect of a `print` already written as `jax.debug.print` (it runs where the compiled code does).
DEBUG_PRINT = "jax.debug.print"
HOST_CALLBACK = "jax.debug.callback"  # an effect run on the host (`_calls_on_host`)


@dataclass
class Scope:
    """One Python function body being written: the user's, or a branch or loop body."""

    tainted: set[str]  # names holding traced values here (beyond what the analysis knows)
    bound: set[str]  # names that have a value at the current statement
    returns: bool = False  # the body is the tail of the user's function: `return` is allowed
    lax: bool = False  # the body is traced by a `lax` form (a branch or loop function)
    # The Python test (on static values) that the body runs under inside a `lax` form, if any.
    static_guard: str | None = None


@dataclass
class Writer:
    lowerer: object  # tracerfix.lowering.Lowerer: naming, spelling, the analysis' tests
    unit: str
    liveness: Liveness
    notes: list[str] = field(default_factory=list)
    lowered: int = 0  # lax constructs written
    prologue: list[str] = field(default_factory=list)  # the last loop's `_first_values`
    floated: set[str] = field(default_factory=set)  # names an enclosing `lax` loop starts as floats
    placeholder_lines: list[str] = field(default_factory=list)  # `name = jnp.nan` before the `if` being written

    # -- statements --------------------------------------------------------------------------
    def block(self, statements: list, scope: Scope) -> list[str]:
        lines: list[str] = []
        for statement in statements:
            new = self.statement(statement, scope)
            if new and new[0].startswith("def ") and lines and lines[-1] != "":
                lines.append("")  # a blank line before a helper, as after it
            lines += new
        return lines

    def statement(self, statement, scope: Scope) -> list[str]:
        if isinstance(statement, Leaf):
            if statement.raises and scope.lax:
                # `lax.cond` traces both branches: the `raise` would fire while tracing, whatever the data.
                if scope.static_guard is None:
                    raise Refused("a `raise` under a traced condition has no `lax` form; check at run time instead "
                                  "(`jax.debug.callback` with a function that raises, `eqx.error_if`, or `checkify`)")
                # Under a test of static values (a configuration check) it still fires while tracing
                # whenever that test holds: the error stays, only the data no longer skips it.
                self.notes.append(f"the `raise` under the Python test `{scope.static_guard}` now fires while "
                                  "tracing whatever the traced values are: the traced control flow around it no "
                                  "longer skips it")
            if statement.reads & scope.tainted:
                scope.tainted |= statement.writes
            if _is_shaped_placeholder(statement.text) and statement.kills - {"_"} <= scope.bound:
                return []  # an inner loop's starting zeros, for a name the loop around it now carries
            scope.bound |= statement.writes
            return self.leaf_lines(statement)
        if isinstance(statement, Return):
            if not scope.returns:
                raise Refused("a `return` is left inside a branch")
            return [f"return {statement.value}" if statement.value is not None else "return"]
        if isinstance(statement, (Break, Continue)):
            raise Refused(f"a `{type(statement).__name__.lower()}` is left outside a loop")
        if isinstance(statement, If):
            scope.bound |= statement.binds  # `if (y := ...) > 0:` binds `y` before either branch
            if statement.binds & scope.tainted or statement.reads & scope.tainted:
                scope.tainted |= statement.binds
            if self.lowerer.test_is_traced(statement, scope.tainted):
                return self.cond(statement, scope)
            return self.python_if(statement, scope)
        # A loop that returns had its `return`s made flags (`jumps.function_tail`): it needs the
        # flag in its condition, so it is lowered even when it stops on Python values.
        returns = has_jump(statement.body, (Return,), into_loops=True) if isinstance(statement, (While, For)) else False
        if isinstance(statement, While):
            static_test = not self.lowerer.test_is_traced(statement, scope.tainted)
            if returns and static_test and self.lowerer.keep_python_loops:
                return self._python_loop_returning(statement, scope, f"while {statement.test}:")
            if returns and static_test and not _always_true(statement.test) \
                    and not has_jump(statement.body, (Break,), into_loops=False):
                self.lowerer.static_loop_lowered = True  # its Python form is the alternative
            if returns or not static_test or self._stops_on_traced(statement, scope):
                return self.while_loop(statement, scope)
            return self.python_loop(statement, scope, f"while {statement.test}:")
        if isinstance(statement, For):
            if returns or self._stops_on_traced(statement, scope) or self.lowerer.wants_lax_loop(statement):
                return self.for_loop(statement, scope)
            return self.python_loop(statement, scope, f"for {statement.target} in {statement.iter}:")
        raise TypeError(statement)

    def leaf_lines(self, leaf: Leaf) -> list[str]:
        lines = leaf.text.split("\n")
        # Continuation lines keep their place relative to the statement; the mark stands for the
        # indentation of the replaced statement, known only when the lines become statements.
        if leaf.written_here:
            # Code tracerfix wrote (a check's host function): its lines are indented relative
            # to its first, and stay so wherever the writer puts it.
            body = [line for line in lines[1:] if line.strip()]
            margin = min((len(line) - len(line.lstrip()) for line in body), default=0)
            return [*leaf.comments, lines[0], *(self.unit + line[margin:] if line.strip() else line for line in lines[1:])]
        # LibCST writes a statement's continuation lines relative to the statement itself.
        rest = [MARK + line if line else line for line in lines[1:]]
        return [*leaf.comments, lines[0], *rest]

    def python_if(self, statement: If, scope: Scope, keyword: str = "if") -> list[str]:
        before = set(scope.bound), set(scope.tainted)
        guards = (statement.test, f"not ({statement.test})") if scope.lax else (None, None)
        body_scope = Scope(set(before[1]), set(before[0]), scope.returns, scope.lax, guards[0])
        else_scope = Scope(set(before[1]), set(before[0]), scope.returns, scope.lax, guards[1])
        lines = [*(comment_lines(statement.node) if keyword == "if" else []), f"{keyword} {statement.test}:",
                 *self.indented(self.block(statement.body, body_scope) or ["pass"])]
        if len(statement.orelse) == 1 and self._python_if(statement.orelse[0], else_scope):
            lines += self.python_if(statement.orelse[0], else_scope, "elif")
        elif statement.orelse:
            lines += ["else:", *self.indented(self.block(statement.orelse, else_scope))]
        scope.bound |= body_scope.bound | else_scope.bound
        scope.tainted |= body_scope.tainted | else_scope.tainted
        return lines

    def python_loop(self, statement, scope: Scope, header: str) -> list[str]:
        """A loop on Python values stays; its `continue`s become branches, its body is lowered."""
        body = loop_body(statement.body, Flags())
        self.liveness.block(body, self.liveness.before.get(id(statement), set()))
        inner = Scope(set(scope.tainted), scope.bound | set(writes_of(body)) | getattr(statement, "targets", set()),
                      lax=scope.lax, static_guard=scope.static_guard)
        lines = [*comment_lines(statement.node), header, *self.indented(self.block(body, inner) or ["pass"])]
        scope.bound |= inner.bound
        scope.tainted |= inner.tainted
        if statement.orelse:
            lines += ["else:", *self.indented(self.block(statement.orelse, scope))]
        return lines

    def _python_loop_returning(self, statement, scope: Scope, header: str) -> list[str]:
        """A loop on Python values (`while n_points <= max_points:`) that returns on a traced test:
        it stays a Python loop, so what it counts stays static. Each `if` that returns sets the
        function's flags, the first time only (`if` under `~returned`); the rest of the body runs
        on in later iterations, which is harmless: once the flag is up, nothing it computes is
        read (the function's result is the flagged one). So a body that calls for effect, sets an
        attribute or grows a container is refused."""
        if has_jump(statement.body, (Break,), into_loops=False) or statement.orelse:
            raise Refused("a `break` or `else` beside a `return` in a loop on Python values")
        if _always_true(statement.test):
            raise Refused("`while True:` left only by a traced `return` would never end as a Python loop")
        for inner in walk(statement.body):
            if isinstance(inner, Leaf) and (inner.effect or inner.attribute_store or inner.grows or inner.raises):
                raise Refused("the loop runs on after it returns, and its body has an effect "
                              f"(`{inner.text.splitlines()[0].strip()}`) that would be seen")
        flags = self._return_flags()
        body = []
        for inner in statement.body:
            if not has_jump([inner], (Return,), into_loops=True):
                body.append(inner)
            elif isinstance(inner, If) and not inner.orelse and isinstance(inner.body[-1], Return) \
                    and not has_jump(inner.body[:-1], (Return, Break, Continue), into_loops=True):
                # `if converged: return r` -> `if ~returned & converged: result = r; returned = True`
                test = f"~{flags.returned} & {_operand(self.lowerer.predicate(inner))}"
                body.append(If(test, inner.reads | {flags.returned}, loop_body(inner.body, flags), [], None,
                               traced=True, binds=inner.binds))
            else:
                body.append(If(flags.returned, {flags.returned}, [], loop_body([inner], flags), None, traced=True))
        self.liveness.block(body, self.liveness.before.get(id(statement), set()) | {flags.returned})
        inner_scope = Scope(set(scope.tainted) | {flags.returned}, scope.bound | set(writes_of(body)),
                            lax=scope.lax, static_guard=scope.static_guard)
        lines = [*comment_lines(statement.node), header, *self.indented(self.block(body, inner_scope) or ["pass"])]
        scope.bound |= inner_scope.bound
        scope.tainted |= inner_scope.tainted
        return lines

    def loop_else(self, loop, flags: Flags, scope: Scope, traced: bool | None) -> list[str]:
        """A loop's `else` after its lowered form: it runs unless the loop stopped at a `break`."""
        if not loop.orelse:
            return []
        # A `break` skips it, and so does a `return` inside (its flag is up after the loop).
        stops = [name for name in (flags.stop, flags.returned if has_jump(loop.body, (Return,), True) else None) if name]
        if not stops:
            return self.block(loop.orelse, scope)  # no `break`: the `else` always runs
        unless_stopped = If(" | ".join(stops), set(stops), [], loop.orelse, None, traced=traced)
        self.liveness.block([unless_stopped], set(self.liveness.after.get(id(loop), set())))
        return self.statement(unless_stopped, scope)

    def written(self, statements: list) -> list[str]:
        """Names `statements` bind, with the return flags that a `return` in a nested loop sets
        once that loop is lowered."""
        names = writes_of(statements)
        loops = [s for s in walk(statements) if isinstance(s, (While, For))]
        if self.lowerer.returned and any(has_jump(loop.body, (Return,), into_loops=True) for loop in loops):
            names += [name for name in (self.lowerer.result, self.lowerer.returned) if name and name not in names]
        return names

    def body(self, *parts: list[str]) -> list[str]:
        """Lines of a helper's body, with a blank line before a nested helper."""
        lines: list[str] = []
        for part in parts:
            if part and part[0].startswith("def ") and lines and lines[-1] != "":
                lines.append("")
            lines += part
        return lines

    def indented(self, lines: list[str]) -> list[str]:
        return [self.unit + line if line.strip() else line for line in lines]

    def _stops_on_traced(self, loop, scope: Scope) -> bool:
        """Whether a `break` or `return` leaves `loop` from under a traced test."""
        return _jumps_under_traced(loop.body, self.lowerer, scope.tainted, top=True)

    # -- if -> lax.cond ----------------------------------------------------------------------
    def cond(self, statement: If, scope: Scope) -> list[str]:
        # Placeholders of this `if` go before it; a nested `if` in a branch keeps its own.
        outer, self.placeholder_lines = self.placeholder_lines, []
        try:
            lines = self._cond(statement, scope)
            return [*self.placeholder_lines, *lines] if lines else lines
        finally:
            self.placeholder_lines = outer

    def _unbound_placeholder(self, name: str, arms: list[list]) -> None:
        """`ecc` bound only in the branch taken when `e < 1` and read after the `if`: the original
        raises UnboundLocalError on the other path, so any value may stand there; NaN, for a value
        the binding branch computes as a float, says "no value" in the result."""
        definitions = [definition[0] for arm in arms if name in (definitely_bound(arm) or ())
                       for definition in [_last_assignment(arm, name)] if definition is not None]
        evidence = [*definitions, *(s.text for arm in arms for s in walk(arm) if isinstance(s, Leaf) and name in s.kills)]
        if not definitions or not any(FLOAT_TEXT.search(text) for text in evidence):
            raise Refused(f"`{name}` is first bound in one branch only and read after the `if`; "
                          "give it a value before the `if`")
        jnp = self.lowerer.spell("jax.numpy")
        binding = next(arm for arm in arms if name in (definitely_bound(arm) or ()) and _last_assignment(arm, name))
        value = _last_assignment(binding, name)[0]
        written_before = {written for s in walk(binding) if isinstance(s, Leaf) for written in s.writes} - {name}
        if not re.fullmatch(r"[-+]?[\d.]+(e[-+]?\d+)?|\w+\.(nan|inf|pi|e)", value.strip()) \
                and not names_in(value) & written_before:
            # `return jnp.ones_like(policy) / policy.size` in one branch: NaN of the value's shape,
            # which the compiled program never computes (only its shape is read).
            self.placeholder_lines.append(f"{name} = {jnp}.full_like({value.strip()}, {jnp}.nan)")
        else:
            self.placeholder_lines.append(f"{name} = {jnp}.nan")
        if name == self.lowerer.result:
            self.notes.append("the function returns a value on one path only: where the original returned None, "
                              "the rewrite returns NaN")
        else:
            self.notes.append(f"`{name}` is bound in one branch only: where the original raised UnboundLocalError "
                              f"reading it, the rewrite gives NaN")

    def _return_or_raise(self, arms: list[list], tests: list) -> list[str] | None:
        """`if returned: return result` else `raise ValueError("did not converge")` (a search that
        raises when its loop ends without returning): the `raise` becomes a check that raises
        when the compiled function runs, and the value is returned. None for other shapes."""
        if len(arms) != 2 or len(tests) != 1:
            return None
        returning = [position for position, arm in enumerate(arms) if always_returns(arm)]
        if len(returning) != 1:
            return None
        kept, raising = arms[returning[0]], arms[1 - returning[0]]
        if not raising or not isinstance(raising[-1], Leaf) or not raising[-1].raises or not isinstance(kept[-1], Return) \
                or any(not isinstance(s, Leaf) or s.effect or s.raises or s.attribute_store for s in [*raising[:-1], *kept[:-1]]):
            return None
        raised = self.lowerer.runtime_raise(raising[-1].text, self.lowerer.predicate(tests[0]), fails_when=returning[0] == 1)
        if raised is None:
            return None
        check, note = raised
        self.notes.append(note)
        lines = [line for leaf in [*raising[:-1], *kept[:-1]] for line in self.leaf_lines(leaf)]
        return [*lines, *check, f"return {kept[-1].value}" if kept[-1].value is not None else "return"]

    def _raise_only(self, arms: list[list], tests: list) -> list[str] | None:
        """`if c: raise E("message")` (or the `raise` in the `else`) with nothing else in either
        branch, as a check that raises when the compiled function runs; None for other shapes."""
        if len(arms) != 2 or len(tests) != 1:
            return None
        raising = [position for position, arm in enumerate(arms)
                   if len(arm) == 1 and isinstance(arm[0], Leaf) and arm[0].raises]
        if len(raising) != 1 or arms[1 - raising[0]]:
            return None
        raised = self.lowerer.runtime_raise(arms[raising[0]][0].text, self.lowerer.predicate(tests[0]),
                                            fails_when=raising[0] == 0)
        if raised is None:
            return None
        check, note = raised
        self.notes.append(note)
        return check

    def _appended_after(self, statement: If, arms: list[list]) -> list[str]:
        """`if c: accepts.append(1) else: accepts.append(0)`: every branch appends one value to
        the same list at its top level, so the list's length does not depend on the test, only
        the value does. Each branch now binds that value (`accepts_item = 1`) and the append
        follows the `if`: the lines to put after it."""
        if len(arms) < 2 or not all(arms):
            return []
        per_arm = [_top_level_appends(arm) for arm in arms]
        shared = set(per_arm[0])
        for appends in per_arm[1:]:
            shared &= set(appends)
        shared = {name for name in shared if name in self.lowerer.locals and all(
            sum(name in getattr(s, "reads", ()) for s in walk(arm)) == 1 for arm in arms)}
        if not shared:
            return []
        after = []
        for name in sorted(shared, key=list(per_arm[0]).index):
            item = self.lowerer.fresh(f"{name}_item")
            for arm, appends in zip(arms, per_arm):
                position = next(i for i, s in enumerate(arm) if appends.get(name) is s)
                old = arm[position]
                new = analyse_leaf(f"{item} = {_appended_value(old.text)}")
                new.indent, new.comments = old.indent, old.comments
                arm[position] = new
            after.append(f"{name}.append({item})")
            self.liveness.after.setdefault(id(statement), set()).add(item)
        return after

    def _cond(self, statement: If, scope: Scope) -> list[str]:
        arms, tests = _chain(statement, self.lowerer, scope.tainted)
        after = self._appended_after(statement, arms)
        if after:
            return self._cond_arms(statement, arms, tests, scope) + after
        return self._cond_arms(statement, arms, tests, scope)

    def _cond_arms(self, statement: If, arms: list[list], tests: list, scope: Scope) -> list[str]:
        if all(_does_nothing(arm) for arm in arms):
            self.lowered += 1
            return []  # `if c: continue` at the end of a loop body: nothing left to choose
        returns = all(always_returns(arm) for arm in arms)
        if returns and not scope.returns:
            raise Refused("a `return` is left inside a branch")
        if returns:
            given = {("None" if s.value in (None, "None") else "value") for arm in arms for s in walk(arm)
                     if isinstance(s, Return)}
            if len(given) > 1:
                raise Refused("one branch returns None and another a value: `lax.cond` needs branches that give "
                              "the same structure; return a flag beside a placeholder value instead of None")
        if not returns and scope.returns and (checked := self._return_or_raise(arms, tests)) is not None:
            self.lowered += 1
            return checked
        if not returns and any(always_returns(arm) for arm in arms):
            raise Refused("one branch returns and another falls through to the end of the function "
                          "(an implicit `return None`, which is not an array)")
        written = self.written([s for arm in arms for s in arm])
        live_after = self.liveness.after.get(id(statement), set())
        outs = [] if returns else [name for name in written if name in live_after]
        for name in outs:
            if name not in scope.bound:
                bound = [definitely_bound(arm) for arm in arms]
                if not all(b is None or name in b for b in bound):
                    self._unbound_placeholder(name, arms)
                    scope.bound.add(name)
        self._drop_dead_growth(arms, live_after, "branch")
        self._check_state(arms, scope.bound, "branch")
        self._check_python_loop_starts(arms, outs)
        self.lowerer.check_identity_tests(outs)
        flag = _sets_flag(arms, outs)
        if flag is not None:
            # `if c: stop = True` is `stop = stop | c`: no branch functions for one boolean.
            self.lowered += 1
            scope.tainted.add(flag[0])
            more = f" | {flag[1]}" if flag[1] else ""
            return [f"{flag[0]} = {flag[0]} | {_operand(self.lowerer.predicate(tests[0]))}{more}"]
        exposed = set()
        for arm in arms:
            exposed |= Liveness().block(arm, set(outs))
        # A name every branch binds before reading it needs no value from before the `if` (in a
        # Python loop it may have none yet: `Bp_idx` of the first iteration).
        rebound = [definitely_bound(arm) for arm in arms]
        every_arm_binds = {name for name in outs if all(b is None or name in b for b in rebound)}
        operands = [name for name in written if name in scope.bound
                    and (name in exposed or (name in outs and name not in every_arm_binds))]
        effects_only = False
        if not returns and not outs and any(isinstance(s, Leaf) and s.raises for arm in arms for s in walk(arm)):
            # `for ... else: raise` after a lowered loop: the `raise` is a check at run time.
            checked = self._raise_only(arms, tests)
            if checked is None:
                raise Refused("a `raise` under a traced condition has no `lax` form; check at run time instead "
                              "(`jax.debug.callback` with a function that raises, `eqx.error_if`, or `checkify`)")
            self.lowered += 1
            return checked
        if not returns and not outs:
            effects = [s for arm in arms for s in walk(arm) if isinstance(s, Leaf) and s.effect]
            if not effects:
                self.lowered += 1
                return []  # nothing it computes is read again and it calls nothing for effect: dead code
            printed = [leaf.text if leaf.effect in (DEBUG_PRINT, HOST_CALLBACK) else self.lowerer.debug_print(leaf.text)
                       for leaf in effects]
            if None in printed or any(not isinstance(s, Leaf) or s.writes for arm in arms for s in walk(arm)
                                      if s not in effects and not self._python_if(s, scope)):
                hosted = self._effects_on_host(statement, arms, tests, scope)
                if hosted is None:
                    raise Refused("the branches change nothing that is read afterwards and call functions for "
                                  "their effect, which would run once while tracing")
                self.lowered += 1
                return hosted
            # `if count == limit: print("...")`: `jax.debug.print` runs in the branch taken.
            for leaf, text in zip(effects, printed):
                leaf.text, leaf.effect = text, None
            effects_only = True
            self.notes.append("`print` in the branch becomes `jax.debug.print`, which prints when the compiled "
                              "function runs, not ordered with other output unless `ordered=True`")
        if not effects_only:
            self._calls_on_host(arms, scope.bound, "branch")
        selected = None if returns or effects_only else self._selection(statement, arms, outs, scope)
        if selected is not None:
            # `if u < p: theta = theta_new`: one value or another, computed already; no branch functions.
            self.lowered += 1
            scope.bound |= set(outs)
            scope.tainted |= set(outs)
            return [*(comment_lines(statement.node) if statement.node is not None
                      and statement.node is not self.lowerer.node else []), *selected]
        outs = [name for name in operands if name in outs] + [name for name in outs if name not in operands]
        definitions = [_output_definitions(arm, outs, returns) for arm in arms]
        floated = _float_where_branches_differ(arms, definitions)
        if floated:
            self.notes.append(f"`{floated[0]}` is made a float (`* 1.0`) where a branch gives a number beside "
                              "others that compute floats: `lax.cond` needs one dtype, and an integer input gives "
                              "a float where the original gave an integer of the same value")
        self._check_shapes(definitions, [] if returns else outs)
        result = _tuple(outs)
        functions, lines = [], []
        headers = _arm_header_comments(tests, len(arms))
        for position, arm in enumerate(arms):
            if not arm and effects_only:
                functions.append("lambda: None")
                continue
            if not arm and outs == operands:
                functions.append(f"lambda {outs[0]}: {outs[0]}" if len(outs) == 1 else "lambda *state: state")
                continue
            if not arm and set(outs) <= set(operands):
                functions.append(f"lambda {', '.join(operands)}: {_tuple(outs, parenthesised=True)}")
                continue
            if returns and len(arm) == 1 and isinstance(arm[0], Return) and not operands:
                functions.append(f"lambda: {_enclosed(arm[0].value)}")
                continue
            name = self.lowerer.fresh(_branch_name(tests, position))
            inner = Scope(scope.tainted | set(operands), scope.bound | set(operands), returns, lax=True)
            body = self.block(arm, inner)
            if headers[position] is not None and not (position == 0 and statement.node is self.lowerer.node):
                body.insert(0, headers[position])  # `else:  # Helic` describes this branch
            if not returns and not effects_only:
                body.append(f"return {result}")
            lines += [f"def {name}({', '.join(operands)}):", *self.indented(body), ""]
            functions.append(name)
        lax = self.lowerer.spell("jax.lax")
        given = set(outs) | {name for arm in arms for s in walk(arm) if isinstance(s, Return) for name in s.reads}
        arguments = "".join(f", {self._operand_start(name, statement, given, arms, scope)}" for name in operands)
        if len(arms) == 2 and returns and not operands and _returns_tuples(arms) \
                and self.lowerer.predicate(tests[0]) == self.lowerer.returned:
            # The value of an earlier `return` or the last one, both computed: selected element by
            # element, so `return (0, x)` and `return (estimate, x)` may give other dtypes.
            jnp = self.lowerer.spell("jax.numpy")
            values = [_enclosed(arm[0].value) for arm in arms]
            call = (f"{self.lowerer.spell('jax')}.tree.map(lambda a, b: {jnp}.where({self.lowerer.returned}, a, b), "
                    f"{values[0]}, {values[1]})")
            self.notes.append("the values of the `return`s are selected element by element with `jnp.where`, which "
                              "promotes their dtypes (a returned `0` beside a float gives `0.0`)")
            self.lowered += 1
            return [*lines, f"return {call}"]
        elif len(arms) == 2 and returns and not operands and all(
                len(arm) == 1 and isinstance(arm[0], Return) and is_literal_number(arm[0].value or "") for arm in arms):
            # `return False` or `return True`: a selection of two constants; of `True` and
            # `False`, the predicate itself.
            jnp = self.lowerer.spell("jax.numpy")
            predicate = self.lowerer.predicate(tests[0])
            constants = (arms[0][0].value.strip(), arms[1][0].value.strip())
            if constants == ("True", "False"):
                call = predicate
            elif constants == ("False", "True"):
                call = f"{jnp}.logical_not({predicate})"
            else:
                call = f"{jnp}.where({predicate}, {arms[0][0].value}, {arms[1][0].value})"
        elif len(arms) == 2:
            predicate = self.lowerer.predicate(tests[0])
            call = f"{lax}.cond({predicate}, {functions[0]}, {functions[1]}{arguments})"
        else:
            jnp = self.lowerer.spell("jax.numpy")
            predicates = ", ".join(self.lowerer.predicate(test) for test in tests)
            cases = ", ".join(str(i) for i in range(len(tests)))
            index = f"{jnp}.select([{predicates}], [{cases}], {len(tests)})"
            call = f"{lax}.switch({index}, [{', '.join(functions)}]{arguments})"
        self.lowered += 1
        self.lowerer.note_cond()
        lines.append(f"return {call}" if returns else call if effects_only else f"{result} = {call}")
        if statement.node is not None and statement.node is not self.lowerer.node:
            # A nested `if`'s comments stay with its code, above its branches. (The writer keeps
            # those of the replaced statement where they were.)
            lines[:0] = comment_lines(statement.node)
        scope.bound |= set(outs)
        scope.tainted |= set(outs)
        return lines

    def _selection(self, statement: If, arms: list[list], outs: list[str], scope: Scope) -> list[str] | None:
        """`name = jnp.where(test, a, b)` for each name, where both branches only give the names
        traced arrays already computed (`theta_f = theta_ff`, or nothing: the value before):
        choosing costs nothing and cannot put inf/NaN into a gradient. None otherwise: a Python
        number keeps `lax.cond`, which settles dtypes, and a tuple, dict or object is no array."""
        from tracerfix.loops.placement import env_at

        if len(arms) != 2 or not outs or statement.node is None or _inside_loop(self.lowerer.node, statement.node):
            return None  # (in a loop the selected values are carried: their dtypes are settled with the carry)
        chosen: list[dict[str, str]] = []
        for arm in arms:
            given: dict[str, str] = {}
            for leaf in arm:
                assigned = _single_assignment(leaf.text) if isinstance(leaf, Leaf) and not leaf.comments else None
                if assigned is None or assigned[0] in given or assigned[1] in given \
                        or not assigned[1].isidentifier():
                    return None
                given[assigned[0]] = assigned[1]
            chosen.append(given)
        env = env_at(statement.node, self.lowerer.context)
        if any(name not in scope.bound and not all(name in given for given in chosen) for name in outs):
            return None  # the value from before the `if` is not there to keep
        for name in outs:
            values = [given.get(name, name) for given in chosen]
            held = [env.get(value) for value in values]
            if any(v is None or v.trace != TRACED or v.container or v.instance_of is not None for v in held):
                return None  # a Python number or a value of unknown kind: `lax.cond` keeps its dtype
        jnp = self.lowerer.spell("jax.numpy")
        predicate = self.lowerer.predicate(statement)
        selections = [f"{jnp}.where({predicate}, {chosen[0].get(name, name)}, {chosen[1].get(name, name)})"
                      for name in outs]
        if len(outs) == 1:
            return [f"{outs[0]} = {selections[0]}"]
        # All chosen at once: the test and the values read the names before any is rebound.
        return [f"{', '.join(outs)} = {', '.join(selections)}"]

    def _effects_on_host(self, statement: If, arms: list[list], tests: list, scope: Scope) -> list[str] | None:
        """`if not jnp.isclose(total, 1.0): warnings.warn("...")`: branches that only call functions
        for their effect (a warning, a log line) run on the host in a `jax.debug.callback`, given the
        tests and the traced values they read, each time the compiled function runs. None where a
        branch does more, or reads a traced value that is not an array (an object)."""
        statements = [s for arm in arms for s in arm]
        if not statements or any(not isinstance(s, Leaf) or s.writes or s.raises or s.attribute_store or s.helper
                                 or not s.effect for s in statements):
            return None
        read = {name for s in statements for name in s.reads}
        traced = self.lowerer.traced_at(statement.node, read)
        if traced is None:
            return None
        passed = sorted(read & (scope.tainted | traced))
        conditions = ["condition"] if len(tests) == 1 else [f"condition_{i + 1}" for i in range(len(tests))]
        called = " ".join(s.text for s in statements)
        kind = "warn" if "warn" in called else "log" if re.search(r"\blog(ger|ging)?\.", called) else "report"
        name = self.lowerer.fresh(f"{kind}_if")
        body: list[str] = []
        if len(arms) == 2 and len(tests) == 1 and not arms[0]:
            arms, first = arms[1:], f"if not {conditions[0]}:"  # a loop's `else:`, run where no `break` was
        else:
            first = f"if {conditions[0]}:"
        for position, arm in enumerate(arms):
            header = first if position == 0 else f"elif {conditions[position]}:" if position < len(tests) else "else:"
            lines = [line for leaf in arm for line in self.leaf_lines(leaf)]
            if lines or position < len(tests):
                body += [header, *self.indented(lines or ["pass"])]
        callback = self.lowerer.spell("jax.debug.callback")
        arguments = ", ".join([*(self.lowerer.predicate(test) for test in tests), *passed])
        self.notes.append(f"the branch's calls run on the host in `{name}` (a `jax.debug.callback`) each time the "
                          "compiled function runs, with the values it reads as NumPy arrays")
        return [f"def {name}({', '.join([*conditions, *passed])}):", *self.indented(body), "",
                f"{callback}({name}, {arguments})"]

    def _check_python_loop_starts(self, arms: list[list], outs: list[str]) -> None:
        """In a loop kept in Python, a branch output that starts as a number before the loop
        (`cif = 0.0`) and that a branch computes from arrays (`cif += w[i] * lam`) meets the first
        `lax.cond` as a scalar on one side and an array of a shape the code does not show on the
        other (a bias of shape (1,) makes it (1,)): refused rather than guessed."""
        loop = self.lowerer.root_loop
        if not self.lowerer.keep_python_loops or loop is None or loop.node is None:
            return
        for name in outs:
            start = number_start(self.lowerer.function, loop.node, name)
            if start is None:
                continue
            for statement in walk([s for arm in arms for s in arm]):
                if isinstance(statement, Leaf) and name in statement.writes:
                    assigned = _single_assignment(statement.text)
                    if assigned is None or not is_literal_number(assigned[1]):
                        raise Refused(f"`{name}` starts as the number {start} before the loop and a branch computes it "
                                      "from arrays whose shape the code does not show; start it as an array of the "
                                      f"shape it takes (`{name} = jnp.zeros(...)`)")

    def _operand_start(self, name: str, statement: If, given: set[str], arms: list[list], scope: Scope) -> str:
        """The operand `name`, as a float where it starts as an integer literal and a branch makes it
        a float (`rewrite.integer_start_made_float`): `lax.cond`'s branches give (`given`: assign
        or return) one dtype. Where a branch assigns it a value of a dtype the text does not tell
        (`sigma_new = 0`, then `sigma_new = sig` for `sig` in an array), it enters in that dtype."""
        if name not in given or statement.node is None or name in self.floated:
            return name
        made_float = integer_start_made_float(name, self.lowerer.function, statement.node, self.lowerer.context.module)
        if made_float is not None:
            self.notes.append(made_float[1])
            return made_float[0]
        start = assigned_before(self.lowerer.function, statement.node, name)
        if start is None or not re.fullmatch(r"-?\d+", start):
            return name
        written = set(writes_of([s for arm in arms for s in arm]))
        values = [assigned[1] for arm in arms for leaf in walk(arm) if isinstance(leaf, Leaf) and name in leaf.kills
                  for assigned in [_single_assignment(leaf.text)] if assigned is not None]
        given_by = next((value for value in values if value.isidentifier() and value != name
                         and value in scope.bound and value not in written), None)
        if given_by is None:
            return name
        jnp = self.lowerer.spell("jax.numpy")
        self.notes.append(f"`{name}` starts as the integer {start} and a branch gives it `{given_by}`: `lax.cond` "
                          f"needs one dtype, so it enters as `{given_by}`'s")
        return f"{jnp}.asarray({name}, {jnp}.result_type({given_by}))"

    def _python_if(self, statement, scope: Scope) -> bool:
        """`statement` is an `if` on Python values (`elif verbose:`), which stays one."""
        return isinstance(statement, If) and not self.lowerer.test_is_traced(statement, scope.tainted)

    def _drop_dead_growth(self, blocks: list[list], live_after: set[str], where: str) -> None:
        """Take out of `blocks` the statements that only grow a local list nothing reads
        afterwards (`avg_confs_in_bins.append(delta)`, a list no statement reads or returns): a
        `lax` form cannot carry a list whose length changes, and none needs to carry this one."""
        leaves = [s for s in walk([s for block in blocks for s in block])]
        grown = {name for s in leaves if isinstance(s, Leaf) for name in s.grows}

        def only_grows(statement, name: str) -> bool:
            return isinstance(statement, Leaf) and statement.grows == {name} and not statement.kills \
                and (statement.effect or "").startswith(f"{name}.")

        dead = {name for name in grown
                if name in self.lowerer.locals and name not in self.lowerer.params and name not in live_after
                and all(only_grows(s, name) for s in leaves if name in getattr(s, "reads", ()))}
        if not dead:
            return

        def prune(block: list) -> None:
            block[:] = [s for s in block if not any(only_grows(s, name) for name in dead)]
            for statement in block:
                for inner in children(statement):
                    prune(inner)

        for block in blocks:
            prune(block)
        for name in sorted(dead):
            self.notes.append(f"`{name}` is never read after the lowered {where}: what the {where} appended to "
                              "it is left out")

    def _check_state(self, blocks: list[list], bound: set[str], where: str) -> None:
        for statement in walk([s for block in blocks for s in block]):
            if isinstance(statement, Leaf):
                if statement.attribute_store:
                    raise Refused(f"`{statement.attribute_store} = ...` sets an attribute inside a traced {where}: "
                                  "the lowering can only carry names; assign to a local name and set the attribute after")
                grown = sorted(name for name in statement.grows & bound
                               if name not in statement.concatenated or not self._array(name))
                if grown:
                    raise Refused(f"`{grown[0]}` changes length inside a traced {where}, so its structure would "
                                  "depend on traced values; preallocate an array and set elements with `.at[i].set(v)`")
                written = sorted(name for name in statement.item_stores if name in bound and self._array_kind(name))
                if written:
                    # A `lax` form receives arrays as tracers, which take no item assignment.
                    raise Refused(f"`{written[0]}[...] = ...` writes into the array `{written[0]}` in place inside a "
                                  f"traced {where}; write `{written[0]} = {written[0]}.at[...].set(...)` instead")
                stored_text = _text_stored(statement.text)
                if stored_text is not None and stored_text in bound:
                    raise Refused(f"`{statement.text.strip().splitlines()[0]}` stores a string in `{stored_text}` inside "
                                  f"a traced {where}: a `lax` form carries arrays only; keep a number or a flag "
                                  "there and choose the text after")
                if statement.effect and self.lowerer.is_effect(statement.effect):
                    printed = self.lowerer.debug_print(statement.text)
                    if printed is not None:
                        # Printed each time the compiled code runs it, as the Python loop did.
                        statement.text, statement.effect = printed, DEBUG_PRINT
                        self.notes.append(f"`print` in a lowered {where} becomes `jax.debug.print`, which prints "
                                          "when the compiled function runs")

    def _check_item_stores(self, loop, body: list) -> None:
        """`samples[i + 1] = q` in a loop that becomes `lax`: the index is traced there (the loop
        index, or a name the body changes), and a Python list or a NumPy array cannot be indexed
        by a tracer (a JAX array cannot be assigned into at all)."""
        traced = set(getattr(loop, "targets", ())) | set(self.written(body))
        for statement in walk(body):
            if not isinstance(statement, Leaf):
                continue
            for container, index_reads in statement.item_stores.items():
                if index_reads & traced:
                    raise Refused(f"`{statement.text.strip().splitlines()[0]}` stores into `{container}` at an index "
                                  "the `lax` loop traces, which a Python list cannot take; keep the loop a Python "
                                  "loop over its static range, or make the list an array and use "
                                  f"`{container} = {container}.at[...].set(...)`")

    def _calls_on_host(self, blocks: list[list], bound: set[str], where: str) -> None:
        """Statements of a lowered branch or loop body that call a function for its effect
        (`logger.info(f"step {i}")`) run on the host each time the compiled code runs them, given
        the values they read, as the Python code did; left as they are, they would run once, while
        tracing. (Printing was made `jax.debug.print` already: `_check_state`.)"""
        for statement in walk([s for block in blocks for s in block]):
            if not isinstance(statement, Leaf) or statement.effect in (None, DEBUG_PRINT, HOST_CALLBACK) \
                    or not self.lowerer.is_effect(statement.effect):
                continue
            hosted = self._called_on_host(statement, bound)
            if hosted is None:
                self.notes.append(f"`{statement.effect}(...)` in a lowered {where} runs once, while "
                                  "tracing, not once per execution")
                continue
            self.notes.append(f"`{statement.effect}(...)` in a lowered {where} runs on the host in a "
                              "`jax.debug.callback`, each time the compiled function runs it")
            statement.text, statement.effect = hosted, HOST_CALLBACK

    def _called_on_host(self, leaf: Leaf, bound: set[str]) -> str | None:
        """A statement that only calls a function for its effect (`logger.info(f"gap {gap}")`) as
        `jax.debug.callback(lambda gap: logger.info(f"gap {gap}"), gap)`: the function's own names
        it reads (but the object whose method it calls) are passed in, as arrays. None for any
        other statement."""
        try:
            tree = pyast.parse(leaf.text.strip())
        except SyntaxError:
            return None
        if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Expr) or not isinstance(tree.body[0].value, ast.Call):
            return None
        owner = (leaf.effect or "").partition(".")[0]
        own = bound | self.lowerer.locals | {name for s in walk(self.lowerer.root_loop and [self.lowerer.root_loop] or [])
                                             for name in getattr(s, "targets", ())}
        # An object (`self` for `self.name`) stays in the lambda's closure: a callback is given
        # arrays, and what it reads of the object is its static configuration.
        passed = sorted(name for name in leaf.reads if name in own and name != owner and not self._object(name))
        callback = self.lowerer.spell("jax.debug.callback")
        parameters = "".join(" " + name for name in passed[:1]) + "".join(", " + name for name in passed[1:])
        return f"{callback}(lambda{parameters}: {leaf.text.strip()}{''.join(', ' + name for name in passed)})"

    def _array(self, name: str) -> bool:
        """`name` holds a traced array (`pos += [dx, dy]` adds elementwise, it does not grow)."""
        value = self.lowerer.context.env.get(name)
        return value is not None and value.trace == TRACED and not value.container and value.host is None

    def _array_kind(self, name: str) -> bool:
        """`name` holds an array, traced or a NumPy one, rather than a list or a dict."""
        value = self.lowerer.context.env.get(name)
        return value is not None and not value.container and (self._array(name) or value.host == "numpy")

    def _object(self, name: str) -> bool:
        if name in ("self", "cls"):
            return True
        value = self.lowerer.context.env.get(name)
        return value is not None and (value.container or value.instance_of is not None)

    def _check_shapes(self, per_arm: list[list], outs: list[str]) -> None:
        """Branches that give arrays of shapes the code spells out differently, or an array that
        one grows and another keeps, have no `lax` form (`per_arm`: each arm's
        `_output_definitions`; `outs`: the names they assign)."""
        context = self.lowerer.context
        for position in range(max((len(d) for d in per_arm), default=0)):
            texts = [definitions[position][0].strip() for definitions in per_arm
                     if position < len(definitions) and definitions[position][0]]
            shapes = [None] * (len(per_arm) - len(texts))  # an arm keeping the value it was given
            kept = [outs[position]] if shapes and position < len(outs) else []
            operands = []
            if "None" in texts and any(text != "None" for text in texts):
                raise Refused("one branch gives None where another gives an array: `lax` branches must give the same "
                              "structure; give a placeholder array and a boolean that says whether it is valid")
            for text in texts:
                try:
                    expression = context.parse_expression(text)
                except Exception:  # noqa: BLE001 - text the lowering could not read: no shape
                    shapes.append(None)
                    continue
                if text != "None" and never_an_array(expression, context):
                    raise Refused(f"a branch gives `{text}`, which is not an array: `lax` branches can only give "
                                  "arrays; give an integer code (and map it back outside the jitted function)")
                operands.append(expression)
                shapes.append(literal_shape(expression, context) or _reshaped_to(expression))
            refuse_different_shapes(shapes)
            refuse_growing([*operands, *(cst.Name(name) for name in kept)], context)

    # -- loops ---------------------------------------------------------------------------------
    def _return_flags(self) -> Flags:
        """The function's return flags, which a `return` inside a loop sets."""
        return Flags(returned=self.lowerer.returned, result=self.lowerer.result, constant=self.lowerer.constant_result)

    def _loop_flags(self, loop, scope: Scope) -> tuple[Flags, list]:
        flags = self._return_flags()
        if has_jump(loop.body, (Break,), into_loops=False):
            flags.stop = self.lowerer.fresh("stop")
        if has_jump(loop.body, (Return,), into_loops=True) and flags.returned is None:
            raise Refused("a `return` inside the loop")
        body = loop_body(loop.body, flags)
        stops = [name for name in (flags.stop, flags.returned if has_jump(loop.body, (Return,), True) else None) if name]
        return flags, body, stops

    def _carried(self, loop, body: list, stops: list[str], scope: Scope, extra_reads: set[str]) -> list[str]:
        live_after = set(self.liveness.after.get(id(loop), set())) | set(stops)
        self._drop_dead_growth([body], live_after, "loop")
        probe = While("", extra_reads | set(stops), body)
        head = Liveness().statement(probe, live_after, None)
        carried = [name for name in self.written(body) if name in head and name not in getattr(loop, "targets", ())]
        for name in stops:
            if name not in carried:
                carried.append(name)
        unbound = [name for name in carried if name not in scope.bound and name not in stops]
        self.prologue = self._first_values(loop, body, unbound, scope, stops, carried) if unbound else []
        scope.bound |= set(unbound)
        self._check_state([body], scope.bound, "loop")
        self._check_item_stores(loop, body)
        self._calls_on_host([body], scope.bound, "loop")
        for statement in walk(body):
            if isinstance(statement, Leaf):
                grown = _resized(statement, carried)
                if grown is not None:
                    raise Refused(f"`{grown[0]}` changes shape from one iteration to the next (`{grown[1]}`), which "
                                  "a `lax` loop cannot carry; preallocate the largest shape and write into it with "
                                  "`.at[...].set(...)`, or collect per-step results with `lax.scan`")
        self.liveness.block(body, set(carried))
        self.lowerer.check_identity_tests(carried)
        return carried

    def _first_values(self, loop, body: list, names: list[str], scope: Scope, stops: list[str],
                      carried: list[str]) -> list[str]:
        """Lines that give `names` (first bound in the loop, read after it) their first value
        before the loop: the body's opening assignments that compute them from values that exist
        before the loop, or else zeros of the shape those values will have. A `lax` loop carries a
        value of fixed shape and dtype from its start; the Python loop ran at least once wherever
        the name was read after it (else it raised `UnboundLocalError`), so that value is always
        overwritten before anyone reads it."""
        refusal = Refused(f"`{names[0]}` is first bound inside the loop and read after it or in the next "
                          "iteration; give it a value of the same shape before the loop")
        if set(names) & upward_reads(body, loops_run=True):
            raise refusal  # read in the body before the body binds it
        try:
            return self._opening_values(loop, body, names, scope, stops, refusal)
        except Refused:
            placeholders = self._shaped_placeholders(loop, body, names, scope, carried)
            if placeholders is None:
                raise
            return placeholders

    def _opening_values(self, loop, body: list, names: list[str], scope: Scope, stops: list[str],
                        refusal: Refused) -> list[str]:
        """The body's opening statements that compute `names`, run once more before the loop."""
        available = set(scope.bound)
        targets = getattr(loop, "targets", set())
        prefix: list[Leaf] = []
        missing = set(names)
        skipped: set[str] = set()  # state the opening statements update (`i += 1`), left in the loop
        flags = {*stops, self.lowerer.result} - {None}
        for statement in _straight_line(body, flags):
            if not missing:
                break
            if not isinstance(statement, Leaf) and not set(writes_of([statement])) & set(names):
                # `if y[j] == 0: return ...` before the binding: left in the loop, like an update.
                skipped |= set(writes_of([statement]))
                continue
            local_reads = statement.reads & self.lowerer.locals if isinstance(statement, Leaf) else set()
            if isinstance(statement, Leaf) and not statement.effect and statement.writes <= scope.bound \
                    and not statement.writes & set(names):
                skipped |= statement.writes
                continue
            if not isinstance(statement, Leaf) or statement.effect or statement.reads & targets \
                    or local_reads & skipped \
                    or not local_reads <= available | set(writes_of(prefix)) or statement.writes & scope.bound:
                raise refusal
            prefix.append(statement)
            missing -= statement.kills
        if missing:
            raise refusal
        needed, kept = set(names), []
        for statement in reversed(prefix):
            if statement.writes & needed:
                kept.append(statement)
                needed = (needed - statement.kills) | statement.reads
        lines = []
        for statement in reversed(kept):
            lines += self.leaf_lines(statement)
        return lines

    def _shaped_placeholders(self, loop, body: list, names: list[str], scope: Scope,
                             carried: list[str]) -> list[str] | None:
        """`loss = jax.tree.map(jnp.zeros_like, jax.eval_shape(lambda: step(params, lr)))` for a
        name the loop first binds anywhere in its body (inside an inner loop or a branch) from
        values that exist before it: zeros of the shape and dtype of its first value, which
        `jax.eval_shape` finds without computing anything. Names those statements read that the
        loop also binds first get their own placeholder before them. None where a statement is
        not a plain assignment or reads what has no value of a fixed shape before the loop (an
        inner loop's index, a name the body rebinds without carrying it)."""
        # Every simple statement and inner `for`, with the loop indices around it.
        statements: list[tuple[Leaf | For, set[str]]] = []

        def visit(block: list, indices: set[str]) -> None:
            for statement in block:
                if isinstance(statement, Leaf):
                    statements.append((statement, indices))
                elif isinstance(statement, For):
                    statements.append((statement, indices))
                    visit(statement.body, indices | statement.targets)
                    visit(statement.orelse, indices)
                else:
                    for child in children(statement):
                        visit(child, indices)

        visit(body, set(getattr(loop, "targets", ())))
        # `x = rollout(x0, alpha * u)` in `for alpha in alphas:`: its shape is that of the value
        # at the loop's first element, which `jax.eval_shape` takes as the lambda's argument.
        first = self._first_element(loop)
        by_first: set[int] = set()
        written = set(writes_of(body))
        needed, chosen = list(names), {}
        while needed:
            name = needed.pop()
            if name in chosen:
                continue
            found = next(((position, leaf, indices) for position, (leaf, indices) in enumerate(statements)
                          if name in (leaf.targets if isinstance(leaf, For) else leaf.kills)), None)
            if found is None:
                return None
            position, leaf, indices = found
            if isinstance(leaf, For):

                # An inner loop's index read after the loops (`print(f"{it}:{cg_iter}")`): the
                # first index of its range.
                if _range_start(leaf) is None or not names_in(_range_start(leaf)) & self.lowerer.locals <= scope.bound:
                    return None
                chosen[name] = position
                continue
            if leaf.effect or leaf.raises or leaf.grows or leaf.attribute_store or leaf.helper \
                    or _plain_assignment(leaf.text) is None:
                return None
            value = _plain_assignment(leaf.text)[1]
            try:
                never = never_an_array(self.lowerer.context.parse_expression(value), self.lowerer.context)
            except Exception:  # noqa: BLE001 - text the lowering could not read
                return None
            if never:
                raise Refused(f"`{name}` is first bound inside the loop to `{value}`, which is not an array: a `lax` "
                              "loop carries only arrays; carry an integer code instead and pick the value after "
                              "the loop, outside the jitted function")
            for read in leaf.reads & self.lowerer.locals:
                if first is not None and read == first[0] and read in indices:
                    by_first.add(position)
                    continue
                if read in indices or (read in written and read in scope.bound and read not in carried):
                    return None
                if read not in scope.bound:
                    if read not in written:
                        return None
                    needed.append(read)
            chosen[name] = position
        jax_name, jnp = self.lowerer.spell("jax"), self.lowerer.spell("jax.numpy")
        wanted = set(chosen)
        underscore_read = "_" in self.liveness.after.get(id(loop), set()) or any(
            "_" in leaf.reads for leaf, _ in statements if isinstance(leaf, Leaf))
        lines: list[str] = []
        for position in sorted(set(chosen.values())):
            leaf = statements[position][0]
            if isinstance(leaf, For):
                lines.append(f"{leaf.target} = {_range_start(leaf)}")
                self.notes.append(f"`{leaf.target}` is read after its loop: where that loop runs no step it is "
                                  f"`{_range_start(leaf)}` instead of the value it had before")
                continue
            targets, value = _plain_assignment(leaf.text)
            if any(chosen.get(t, position) < position for t in leaf.reads & wanted):
                return None  # read before its first binding in the body: a value from the last iteration
            if len(targets) > 1 and underscore_read:
                return None
            left = ", ".join(t if t in wanted else "_" for t in targets)
            if not _is_shaped_placeholder(leaf.text):  # an inner loop's placeholder is one already
                shaped = f"lambda {first[0]}: {value}, {first[1]}" if position in by_first else f"lambda: {value}"
                value = f"{jax_name}.tree.map({jnp}.zeros_like, {jax_name}.eval_shape({shaped}))"
            text = f"{left} = {value}"
            lines += self.leaf_lines(Leaf(text, set(), set(), set(), comments=leaf.comments))
        for name in names:
            self.notes.append(f"`{name}` is first bound inside the loop and read after it: before the loop it "
                              "holds zeros of the shape and dtype of its first value (`jax.eval_shape` computes "
                              "nothing), which the loop replaces before anything reads it")
        return lines

    def _first_element(self, loop) -> tuple[str, str] | None:
        """(target, the value it takes in the first iteration) for `for target in ...` with a
        simple target over a `range` or an array; None for other loops."""
        if not isinstance(loop, For) or not loop.target.isidentifier():
            return None
        iteration = self.lowerer.iteration(loop)
        if iteration is None:
            return None
        if iteration.kind == "range":
            return loop.target, iteration.start
        return loop.target, iteration.element(iteration.start)

    def while_loop(self, loop: While, scope: Scope) -> list[str]:
        flags, body, stops = self._loop_flags(loop, scope)
        lines = [f"{flags.stop} = False"] if flags.stop else []
        scope.bound |= set(stops)
        carried = self._carried(loop, body, stops, scope, set(loop.reads))
        lines = self.prologue + lines
        test = None if _always_true(loop.test) else self.lowerer.predicate(loop)
        lines = self.body(lines, self._while(carried, body, stops, test, scope, index=None, loop_node=loop.node))
        if self.lowerer.differentiated:
            raise Refused(reverse_mode_refusal(self.lowerer.context.function_name))
        return self.body(lines, self.loop_else(loop, flags, scope, traced=True))

    def for_loop(self, loop: For, scope: Scope) -> list[str]:
        flags, body, stops = self._loop_flags(loop, scope)
        iteration = self.lowerer.iteration(loop)
        if iteration is None or self.lowerer.keep_python_loops:
            if not stops:
                raise Refused(f"`for {loop.target} in {loop.iter}` iterates over neither `range(...)` nor an array")
            return self._guarded_python_loop(loop, body, stops, flags, scope)
        live_after = self.liveness.after.get(id(loop), set())
        kept = loop.targets & live_after
        if kept and not (stops and iteration.kind == "range" and kept == {loop.target}):
            raise Refused(f"the loop variable `{sorted(kept)[0]}` is read after the loop; "
                          "copy it into a name of its own inside the loop")
        lines = [f"{flags.stop} = False"] if flags.stop else []
        if kept and loop.target not in scope.bound:
            # Read after the loop, which Python allows once the loop has run: it starts as the
            # first index (a loop that never runs leaves it unbound, where Python raises NameError).
            lines.append(f"{loop.target} = {iteration.start}")
            scope.bound.add(loop.target)
            self.notes.append(f"`{loop.target}` is read after the loop; where the loop runs no step it is "
                              f"`{iteration.start}` instead of unbound (NameError)")
        scope.bound |= set(stops)
        carried = self._carried(loop, body, stops, scope, set(iteration.reads))
        lines = self.prologue + lines
        if stops and iteration.reads & set(carried):
            # `for c in zip(x, b)` while the body changes `b`: the loop walks the `b` it began with.
            # (`fori_loop` bounds and `scan`'s sequence are evaluated once already.)
            snapshots: dict[str, str] = {}

            def snapshot(text: str) -> str:

                if not names_in(text) & set(carried):
                    return text
                if text not in snapshots:
                    snapshots[text] = self.lowerer.fresh(f"{text}_at_start" if text.isidentifier() else "iterable")
                return snapshots[text]

            iteration = self.lowerer.iteration(loop, snapshot)
            lines = [f"{name} = {text}" for text, name in snapshots.items()] + lines
        inner_bound = scope.bound | loop.targets
        if stops:
            index = iteration.index
            if index is None or (index == "_" and not any(
                    isinstance(s, (Leaf, If, While)) and "_" in s.reads for s in walk(body))):
                index = self.lowerer.fresh("i")  # `for _ in range(n)`: the index needs a name of its own
            if kept:
                # The loop variable outlives the loop: it is state, and the index a name apart.
                index = self.lowerer.fresh("step")
                carried = [loop.target, *carried]
                prologue = [f"{loop.target} = {index}"]
            elif iteration.kind == "range" and loop.target == "_":
                prologue = []  # nothing reads the index under the name `_`
            else:
                prologue = [f"{loop.target} = {iteration.element(index)}"] if iteration.element(index) else []
            lines = self.body(lines, self._while(carried, prologue, stops, None, scope,
                                                 index=(index, iteration.start, iteration.stop),
                                                 body_statements=body, inner_bound=inner_bound, loop_node=loop.node))
            if self.lowerer.differentiated:
                raise Refused(reverse_mode_refusal(self.lowerer.context.function_name))
            return self.body(lines, self.loop_else(loop, flags, scope, traced=True))
        return self.body(self._for_without_stops(loop, lines, carried, body, iteration, inner_bound, scope),
                         self.loop_else(loop, flags, scope, traced=True))

    def _for_without_stops(self, loop: For, lines: list[str], carried: list[str], body: list, iteration,
                           inner_bound: set[str], scope: Scope) -> list[str]:
        if not carried:
            if not any(isinstance(s, Leaf) and s.effect for s in walk(body)):
                self.lowered += 1
                return []  # nothing it computes is read again and it calls nothing for effect: dead code
            raise Refused("the loop changes nothing that is read after it and calls functions for their "
                          "effect, which would run once while tracing")
        lax = self.lowerer.spell("jax.lax")
        state, unpack, result = self._state(carried)
        inner = Scope(scope.tainted | set(carried) | loop.targets, inner_bound | set(carried), lax=True)
        init = self._starts(carried, carried, body, loop.node)
        floated = {name for name, start in zip(carried, init) if start != name} - self.floated
        self.floated |= floated
        code = self.block(body, inner)
        self.floated -= floated
        init = _init(init)
        if iteration.kind == "range":
            name = self.lowerer.fresh("update_" + _joined(carried))
            index = loop.target if loop.target.isidentifier() else "_"
            lines += [f"def {name}({index}, {state}):", *self.indented(self.body(unpack, code, [f"return {result}"])), ""]
            lines.append(f"{result} = {lax}.fori_loop({iteration.start}, {iteration.stop}, {name}, {init})")
            if self.lowerer.traced_bounds and self.lowerer.differentiated and loop is self.lowerer.root_loop:
                # `lax.fori_loop` with traced bounds runs as a `lax.while_loop`: no reverse mode.
                raise Refused(reverse_mode_refusal(self.lowerer.context.function_name))
        else:
            name = self.lowerer.fresh(_joined(carried) + "_step")
            element = loop.target if loop.target.isidentifier() else self.lowerer.fresh("item")
            unpack_element = [] if element == loop.target else [f"{loop.target} = {element}"]
            lines += [f"def {name}({state}, {element}):",
                      *self.indented(self.body(unpack + unpack_element, code, [f"return {_tuple(carried, True)}, None"])), ""]
            lines.append(f"{_tuple(carried, True)}, _ = {lax}.scan({name}, {init}, {iteration.scanned})")
        self.lowered += 1
        scope.bound |= set(carried)
        scope.tainted |= set(carried)
        return lines

    def _guarded_python_loop(self, loop: For, body: list, stops: list[str], flags: Flags, scope: Scope) -> list[str]:
        """A Python loop over a Python collection that stops on a traced test: it stays a Python loop
        (unrolled while tracing) whose body runs under `lax.cond` until the flag is set."""
        lines = [f"{flags.stop} = False"] if flags.stop else []
        scope.bound |= set(stops)
        test = " | ".join(stops)
        # A body that only raises its flags (`if hit: returned = True`) may run again once they
        # are up: it changes nothing then, and needs no guard.
        guarded = body if _only_raises_flags(body, stops) else [If(test, set(stops), [], body, None, traced=True)]
        self.liveness.block(guarded, self.liveness.before.get(id(loop), set()) | set(stops))
        inner = Scope(scope.tainted | set(stops), scope.bound | loop.targets, lax=scope.lax)
        lines += [f"for {loop.target} in {loop.iter}:", *self.indented(self.block(guarded, inner))]
        scope.bound |= inner.bound
        scope.tainted |= inner.tainted
        return self.body(lines, self.loop_else(loop, flags, scope, traced=None))

    def _starts(self, init: list[str], carried: list[str], statements: list, loop_node) -> list[str]:
        """The texts a `lax` loop starts `init` with: a carried number the loop makes an array or a
        float starts as one (`rewrite.shaped_start`), since the loop carries one shape and dtype."""
        assignments = [_single_assignment(leaf.text) for leaf in statements if isinstance(leaf, Leaf)]
        self._refuse_numbers_made_unknown_arrays(carried, statements, loop_node)
        jnp = self.lowerer.spell("jax.numpy")
        starts = {name: shaped_start(name, self.lowerer.function, loop_node, [a for a in assignments if a], carried, jnp,
                                    self.lowerer.context.module)
                  for name in carried}
        for name, (_, note) in starts.items():
            if note:
                self.notes.append(note)
        return [starts[name][0] if name in starts else name for name in init]

    def _refuse_numbers_made_unknown_arrays(self, carried: list[str], statements: list, loop_node) -> None:
        assignments = [parts for leaf in walk(statements) if isinstance(leaf, Leaf)
                       for parts in [_assigned_value(leaf.text)] if parts is not None]
        refuse_numbers_made_unknown_arrays(self.lowerer.context, self.lowerer.function, loop_node, carried, assignments)

    def _state(self, carried: list[str]) -> tuple[str, list[str], str]:
        if len(carried) == 1:
            return carried[0], [], carried[0]
        state = self.lowerer.fresh("state")
        return state, [f"{', '.join(carried)} = {state}"], ", ".join(carried)

    def _while(self, carried, body, stops, test, scope: Scope, index, body_statements=None, inner_bound=None,
               loop_node=None) -> list[str]:
        """`lax.while_loop` over `carried` (with the loop index first when `index` is given)."""
        names = list(carried)
        if index is not None:
            names = [index[0], *names]
        if not names:
            loop = f"`while {test}:`" if test is not None else "the loop"
            raise Refused(f"{loop} changes nothing its test or the code after it reads: once its test holds "
                          "it never ends; make the body update what the test reads")
        state, unpack, result = self._state(names)
        parts = [f"~{name}" for name in stops]
        if index is not None:
            parts.insert(0, f"({index[0]} < {index[2]})")
        if test is not None:
            parts.append(test if not parts else f"({test})" if _needs_parentheses(test) else test)
        if not parts:
            raise Refused("`while True:` without a traced `break` never ends")
        inner_names = set(names) | (inner_bound or set())
        inner = Scope(scope.tainted | set(names), scope.bound | inner_names, lax=True)
        if body_statements is None:
            code = self.block(body, inner)
        else:
            code = self.body(list(body), self.block(body_statements, inner))
        if index is not None:
            code.append(f"{index[0]} = {index[0]} + 1")
        flags = {*stops, self.lowerer.result}
        label = _joined([name for name in carried if name not in flags] or carried)
        keep = self.lowerer.fresh("keep_updating_" + label)
        update = self.lowerer.fresh("update_" + label)
        lax = self.lowerer.spell("jax.lax")
        condition = " & ".join(parts)
        lines = [f"def {keep}({state}):", *self.indented(unpack + [f"return {condition}"]), ""]
        lines += [f"def {update}({state}):", *self.indented(self.body(unpack, code, [f"return {result}"])), ""]
        init = names if index is None else [index[1], *carried]
        init = self._starts(init, carried, body if body_statements is None else body_statements, loop_node)
        targets = result if index is None else ", ".join(["_", *carried])
        passed = passed_functions(condition, code, names) if index is None and not unpack else None
        if passed is not None:
            # `while cond_fun(val): val = body_fun(val)` (a hand-written while_loop helper): the
            # functions themselves are the loop's, with no wrappers around them.
            lines = []
            keep, update = passed
        lines.append(f"{targets} = {lax}.while_loop({keep}, {update}, {_init(init)})")
        self.lowered += 1
        scope.bound |= set(carried)
        scope.tainted |= set(carried)
        return lines


# --- helpers ------------------------------------------------------------------------------------



_INT_LITERAL = re.compile(r"-?\d+")


_CALL = re.compile(r"[\w.]+\([^()]*\)")


def _inside_loop(root: cst.CSTNode, node: cst.CSTNode) -> bool:
    """Whether `node` is inside a `for` or `while` of `root` (the statement being lowered)."""
    def visit(current: cst.CSTNode, in_loop: bool) -> bool | None:
        if current is node:
            return in_loop
        looped = in_loop or isinstance(current, (cst.For, cst.While)) and current is not node
        for child in current.children:
            found = visit(child, looped)
            if found is not None:
                return found
        return None

    return bool(visit(root, False))


def _float_where_branches_differ(arms: list[list], per_arm: list[list]) -> list[str]:
    """`lax.cond` wants one dtype per output: where one branch gives an integer literal (`y = 0`,
    `return 0, s`) and another computes a float (a division, `sqrt`, a float literal), the
    literal is written as a float (`0.0`), as Python's result would have promoted it
    (`per_arm`: each arm's `_output_definitions`). Integers are then in play: a value whose dtype
    is its inputs' (`jnp.sign(a)`), beside a branch computing a float, is made a float too.
    Returns those values."""
    width = max((len(definitions) for definitions in per_arm), default=0)
    mixed = []  # (position, evidence by arm) of the outputs some branch computes as a float
    for position in range(width):
        evidence_by_arm = []
        for arm, definitions in zip(arms, per_arm):
            if position < len(definitions):
                text = definitions[position][0]
                evidence = [text]
                if text.isidentifier():  # a name the arm computes, maybe in a nested branch
                    evidence += [s.text for s in walk(arm) if isinstance(s, Leaf) and text in s.kills]
                evidence_by_arm.append((text.strip(), evidence))
        if any(FLOAT_TEXT.search(t) for _, evidence in evidence_by_arm for t in evidence):
            mixed.append((position, evidence_by_arm))
    integers = any(_INT_LITERAL.fullmatch(text) for _, evidence_by_arm in mixed for text, _ in evidence_by_arm)
    floated: list[str] = []
    for position, evidence_by_arm in mixed:
        unsure = unsure_texts(evidence_by_arm)
        for definitions in per_arm:
            if position >= len(definitions):
                continue
            text, replace = definitions[position][0].strip(), definitions[position][1]
            if _INT_LITERAL.fullmatch(text):
                replace(text + ".0")
            elif integers and text in unsure:
                # `return jnp.sign(a), 0, jnp.abs(a)` beside a branch computing floats: with an
                # integer `a` these are integers. `* 1.0` makes them floats of the width the other
                # branches compute in (float32, or float64 with x64) and keeps their values.
                replace(f"{text if text.isidentifier() or _CALL.fullmatch(text) else f'({text})'} * 1.0")
                floated.append(text)
    return floated


def unsure_texts(evidence_by_arm) -> set[str]:
    """The values of one output that show no sign of being a float (their dtype is their inputs')."""
    return {text for text, evidence in evidence_by_arm
            if not _INT_LITERAL.fullmatch(text) and not any(FLOAT_TEXT.search(t) for t in evidence)}


def _output_definitions(arm: list, outs: list[str], returns: bool) -> list:
    """For each output of the arm, (the text that defines it, a function that replaces that text)."""
    if returns:
        last = arm[-1] if arm else None
        if not isinstance(last, Return) or last.value is None:
            return []
        try:
            node = pyast.parse(last.value.strip(), mode="eval").body
        except SyntaxError:
            return []
        elements = [ast.unparse(e) for e in node.elts] if isinstance(node, ast.Tuple) else [last.value.strip()]
        definitions = []
        for position, element in enumerate(elements):
            assigned = _last_assignment(arm, element) if element.isidentifier() else None
            if assigned is not None:
                definitions.append(assigned)
                continue

            def replace(text: str, position: int = position, last: Return = last, elements=elements) -> None:
                elements[position] = text  # shared by the replacements of every element of the tuple
                last.value = ", ".join(elements) if len(elements) > 1 else elements[0]
            definitions.append((element, replace))
        return definitions
    return [_last_assignment(arm, name) or ("", lambda text: None) for name in outs]


def _reshaped_to(expression: cst.BaseExpression) -> tuple[int, ...] | None:
    """`x.reshape(2, -1)` or `x.reshape((2, 2))`: the sizes it spells (-1 where inferred)."""
    if not (isinstance(expression, cst.Call) and isinstance(expression.func, cst.Attribute)
            and expression.func.attr.value == "reshape" and expression.args):
        return None
    values = [arg.value for arg in expression.args]
    if len(values) == 1 and isinstance(values[0], (cst.Tuple, cst.List)):
        values = [element.value for element in values[0].elements]
    sizes = []
    for value in values:
        if isinstance(value, cst.Integer):
            sizes.append(int(value.value))
        elif isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus) \
                and isinstance(value.expression, cst.Integer) and value.expression.value == "1":
            sizes.append(-1)
        else:
            return None
    return tuple(sizes)


def _returns_tuples(arms: list[list]) -> bool:
    """Each arm is one `return` of a value, and one of them returns a tuple of values."""
    if not all(len(arm) == 1 and isinstance(arm[0], Return) and arm[0].value not in (None, "None") for arm in arms):
        return False
    try:
        return any(isinstance(cst.parse_expression(arm[0].value), cst.Tuple) for arm in arms)
    except cst.ParserSyntaxError:
        return False


def _straight_line(body: list, flags: set[str]):
    """The statements of `body` in order, going on into the arm that continues past an `if` whose
    other arm only sets exit flags (a `return` or `break` made flags: `if y[j] == 0: return ...`)."""
    for statement in body:
        if isinstance(statement, If):
            arms = [statement.body, statement.orelse or []]
            exits = [all(isinstance(s, Leaf) and s.writes <= flags for s in arm) and bool(arm) for arm in arms]
            if exits[0] != exits[1]:
                yield from _straight_line(arms[1] if exits[0] else arms[0], flags)
                return
        yield statement


def _last_assignment(arm: list, name: str):
    """(value, replace) for the last `name = value` statement at the top of the arm."""
    for statement in reversed(arm):
        if isinstance(statement, Leaf) and name in statement.writes:
            match = re.fullmatch(rf"{re.escape(name)}\s*=\s*(.+)", statement.text.strip(), re.S)
            if match is None:
                return None

            def replace(text: str, statement: Leaf = statement) -> None:
                statement.text = f"{name} = {text}"
            return match.group(1), replace
    return None


def _enclosed(value: str) -> str:
    """`a, b` as `(a, b)`: a lambda's body takes a tuple only in parentheses."""
    try:
        node = cst.parse_expression(value.strip())
    except cst.ParserSyntaxError:
        return value
    return f"({value.strip()})" if isinstance(node, cst.Tuple) and not node.lpar else value


_RESIZING = ("concatenate", "append", "stack", "hstack", "vstack", "column_stack", "pad", "repeat", "tile", "insert")


def _resized(leaf: Leaf, carried: list[str]) -> tuple[str, str] | None:
    """A carried name rebuilt from itself by a call that changes its shape (`x = jnp.concatenate([x, x])`)."""
    for name in leaf.kills & set(carried):
        for function in _RESIZING:
            if re.search(rf"\.{function}\(", leaf.text) and name in leaf.reads:
                return name, f"{function}(...)"
    return None


def _sets_flag(arms: list[list], outs: list[str]) -> tuple[str, str] | None:
    """`(flag, more)` for `if c: flag = True` whose other branch does nothing (`more` empty) or
    only `flag = flag | more`: the whole `if` is `flag = flag | c | more`."""
    if len(arms) != 2 or len(arms[0]) != 1 or not isinstance(arms[0][0], Leaf):
        return None
    match = re.fullmatch(r"(\w+) = True", arms[0][0].text.strip())
    if match is None or outs != [match.group(1)]:
        return None
    flag = match.group(1)
    if not arms[1]:
        return flag, ""
    if len(arms[1]) == 1 and isinstance(arms[1][0], Leaf):
        other = re.fullmatch(rf"{flag} = {flag} \| (.+)", arms[1][0].text.strip(), re.S)
        if other is not None:
            return flag, other.group(1)
    return None


def _only_raises_flags(body: list, flags: list[str]) -> bool:
    """Whether `body` computes nothing but tests, and sets nothing but `flags`, each to True."""
    for statement in walk(body):
        if isinstance(statement, Leaf):
            if statement.effect or statement.raises or statement.attribute_store \
                    or statement.writes and (statement.writes - set(flags) or not re.fullmatch(r"\w+ = True", statement.text.strip())):
                return False
        elif not isinstance(statement, If):
            return False
    return True


def _operand(text: str) -> str:
    return f"({text})" if _needs_parentheses(text) else text


def _assigned_value(text: str) -> tuple[str, str] | None:
    """(`targets`, `value`) of the statement `targets = value` (one `=`); None for any other."""
    try:
        tree = pyast.parse(text.strip())
    except SyntaxError:
        return None
    statement = tree.body[0] if len(tree.body) == 1 else None
    if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
        return None
    return ast.unparse(statement.targets[0]), ast.unparse(statement.value)


def _top_level_appends(arm: list) -> dict[str, Leaf]:
    """The lists that `arm` appends one value to at its top level (`xs.append(v)`), each with
    its statement; a list grown twice or also inside a nested block is left out."""
    found: dict[str, Leaf] = {}
    twice: set[str] = set()
    for statement in arm:
        if isinstance(statement, Leaf) and len(statement.grows) == 1 and _appended_value(statement.text) is not None:
            name = next(iter(statement.grows))
            if name in found:
                twice.add(name)
            found[name] = statement
    nested = {name for s in walk(arm) if isinstance(s, Leaf) and s not in found.values() for name in s.grows}
    return {name: leaf for name, leaf in found.items() if name not in twice | nested}


def _appended_value(text: str) -> str | None:
    """`v` of the statement `xs.append(v)`; None for any other statement."""
    try:
        tree = pyast.parse(text.strip())
    except SyntaxError:
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Expr):
        return None
    call = tree.body[0].value
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "append"
            and isinstance(call.func.value, ast.Name) and len(call.args) == 1 and not call.keywords
            and not isinstance(call.args[0], ast.Starred)):
        return None
    return ast.unparse(call.args[0])


def _does_nothing(statements: list) -> bool:
    """Only `if`s that choose between doing nothing (what `continue` at the end of a body leaves)."""
    return all(isinstance(s, If) and _does_nothing(s.body) and _does_nothing(s.orelse) for s in statements)


def _range_start(loop: For) -> str | None:
    """The first index of `for i in range(...)` (`0`, or the start it is given); None for other loops."""
    try:
        call = pyast.parse(loop.iter, mode="eval").body
    except SyntaxError:
        return None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "range"
            and 1 <= len(call.args) <= 3 and not call.keywords) or loop.target not in loop.targets or len(loop.targets) != 1:
        return None
    return ast.unparse(call.args[0]) if len(call.args) > 1 else "0"


def _is_shaped_placeholder(text: str) -> bool:
    """`x = jax.tree.map(jnp.zeros_like, jax.eval_shape(...))`, as `_shaped_placeholders` writes it."""
    return re.search(r"=\s*\w+\.tree\.map\(\s*\w+\.zeros_like,\s*\w+\.eval_shape\(", text) is not None


def _text_stored(text: str) -> str | None:
    """`res["message"] = "converged"` or `status = f"..."`: the name a string is stored in."""
    try:
        tree = ast.parse(textwrap.dedent(text).strip())
    except SyntaxError:
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Assign) or len(tree.body[0].targets) != 1:
        return None
    assign = tree.body[0]
    if not (isinstance(assign.value, ast.JoinedStr)
            or isinstance(assign.value, ast.Constant) and isinstance(assign.value.value, str)):
        return None
    target = assign.targets[0]
    while isinstance(target, ast.Subscript):
        target = target.value
    return target.id if isinstance(target, ast.Name) else None


def _plain_assignment(text: str) -> tuple[list[str], str] | None:
    """`a = value` or `a, b = value` as (target names, value text); None for any other statement."""
    match = re.fullmatch(r"\s*(\(?\s*\w+(?:\s*,\s*\w+)*\s*,?\s*\)?)\s*=(?!=)\s*(.+)", text, re.S)
    return (re.findall(r"\w+", match.group(1)), match.group(2).strip()) if match else None


def _single_assignment(text: str) -> tuple[str, str] | None:
    """`name = value` as (name, value text); None for any other statement."""
    assigned = _plain_assignment(text)
    if assigned is None or len(assigned[0]) != 1 or "," in text.partition("=")[0] or "(" in text.partition("=")[0]:
        return None
    return assigned[0][0], assigned[1]


def _arm_header_comments(tests: list, count: int) -> list[str | None]:
    """The comment after each arm's `if ...:`, `elif ...:` or `else:` line, per arm of the chain."""
    headers: list[str | None] = [None] * count
    for position, test in enumerate(tests):
        node = test.node
        if node is None:
            continue
        header = getattr(node.body, "header", None)
        headers[position] = header.comment.value if header is not None and header.comment is not None else None
        if position == len(tests) - 1 and isinstance(node.orelse, cst.Else) and count > len(tests):
            header = getattr(node.orelse.body, "header", None)
            headers[-1] = header.comment.value if header is not None and header.comment is not None else None
    return headers


def _chain(statement: If, lowerer, tainted: set[str]) -> tuple[list[list], list]:
    """The arms of an `if`/`elif` chain whose tests are all traced, and those tests."""
    arms, tests = [statement.body], [statement]
    current = statement
    while (
        len(current.orelse) == 1
        and isinstance(current.orelse[0], If)
        and current.orelse[0].node is not None
        and lowerer.test_is_traced(current.orelse[0], tainted)
        and lowerer.is_elif(current.orelse[0])
    ):
        current = current.orelse[0]
        arms.append(current.body)
        tests.append(current)
    arms.append(current.orelse)
    return arms, tests


def _jumps_under_traced(statements: list, lowerer, tainted: set[str], top: bool, under: bool = False) -> bool:
    for statement in statements:
        if isinstance(statement, Break) and under:
            return True
        if isinstance(statement, Return) and under:
            return True
        if isinstance(statement, If):
            traced = under or lowerer.test_is_traced(statement, tainted)
            if _jumps_under_traced(statement.body, lowerer, tainted, top, traced) or _jumps_under_traced(
                statement.orelse, lowerer, tainted, top, traced
            ):
                return True
        elif isinstance(statement, (While, For)):
            # A `return` deep inside a nested loop still leaves this one.
            if has_jump(statement.body, (Return,), into_loops=True) and (
                under or _jumps_under_traced(statement.body, lowerer, tainted, False, under)
            ):
                return True
    return False


def _branch_name(tests: list[If], position: int) -> str:
    if position < len(tests):
        return "_when_" + _slug(tests[position].test)
    if len(tests) == 1:
        return "_unless_" + _slug(tests[0].test)
    return "_otherwise"


def _joined(names: list[str]) -> str:
    shown = [name.strip("_") or "state" for name in names[:3]]
    return "_and_".join(shown) if len(shown) <= 2 else "_".join(shown)


def _tuple(names: list[str], parenthesised: bool = False) -> str:
    if len(names) == 1:
        return names[0]
    text = ", ".join(names)
    return f"({text})" if parenthesised or not names else text


def _init(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"({', '.join(names)})"


def _always_true(test: str) -> bool:
    return test.strip() in ("True", "1")


def _needs_parentheses(test: str) -> bool:
    return bool(re.search(r"[\s|&^]", test)) and not (test.startswith("(") and test.endswith(")"))
