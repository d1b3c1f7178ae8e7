"""Parse once, analyse, run every rule in one walk of the traced code, apply fixes, add imports.

`lint(source)` reports; `fix(source)` applies the selected fixes, re-parses, and repeats until a
pass changes nothing (a fix may expose another leak, e.g. a ternary inside a rewritten branch).
The output of every pass is re-parsed, so a fix can never produce code that does not parse.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from typing import Iterable, Sequence

import libcst as cst

from tracerfix import pyast
from tracerfix.analysis import Analysis, analyze, prefilter
from tracerfix.analysis.dataflow import comprehension_env
from tracerfix.analysis.imports import ImportSpec
from tracerfix.analysis.known import TRACE_MARKERS
from tracerfix.analysis.syntax import COMPREHENSIONS, FUNCTIONS, child_nodes
from tracerfix.context import RuleContext
from tracerfix.lazy_module import LazyParseError, parse_lazily, statements_with_header
from tracerfix.positions import PositionIndex, unique_span
from tracerfix.rule import Finding, Rule, Safety

# Fixes that prepare others go first (`x in (0, 2)` -> `jnp.isin`, then the `.item()` it reads,
# then the `if` it tests): a pass per step, and most files need one or two.
MAX_FIX_PASSES = 8


class SourceError(Exception):
    """The source cannot be analysed (it does not parse); carries a line for the message."""

    def __init__(self, message: str, line: int = 1, column: int = 0) -> None:
        super().__init__(message)
        self.line = line
        self.column = column


@dataclass
class Settings:
    rules: Sequence[type[Rule]]
    unsafe_fixes: bool = False
    extra_jit: frozenset[str] = frozenset()
    # Facts a traceback proved (tracerfix.evidence.Evidence): `from-traceback` only.
    evidence: object = None
    # Rule codes whose fixes the configuration promotes to safe / demotes to unsafe (ruff's
    # `extend-safe-fixes` / `extend-unsafe-fixes`); a code in both stays unsafe.
    extend_safe_fixes: frozenset[str] = frozenset()
    extend_unsafe_fixes: frozenset[str] = frozenset()
    # Functions of the file that other modules of its project trace (`analysis.project`); None
    # until the project has been looked up.
    project_seeds: tuple | None = None
    # Fields declared static in the dataclasses of the project modules the file imports
    # (`field(pytree_node=False)`): not leaves of a traced pytree.
    project_static_fields: frozenset[str] = frozenset()
    # Fixes withdrawn in this run because their output leaked again: (rule code, statement text).
    withdrawn: frozenset[tuple[str, str]] = frozenset()
    # Functions (`name`, `Class.method`) whose traced control flow keeps the general `lax` lowering,
    # without the `jnp.where` simplifications: verification found a simplified form wrong there
    # (a branch not taken that is NaN in the gradient), so `verify` asks for the plain form.
    plainly_lowered: frozenset[str] = frozenset()

    def applies(self, finding: Finding) -> bool:
        if finding.fix is None or finding.fix.safety is Safety.DISPLAY_ONLY:
            return False
        return finding.fix.safety is Safety.SAFE or self.unsafe_fixes


@dataclass
class LintResult:
    source: str
    findings: list[Finding] = field(default_factory=list)
    fixed: list[Finding] = field(default_factory=list)  # findings whose fix was applied

    @property
    def changed(self) -> bool:
        return bool(self.fixed)


def may_contain_traced_code(source: str, extra_jit: Iterable[str] = ()) -> bool:
    """Cheap text test: files that never mention JAX (or a configured wrapper) cannot leak."""
    if "jax" not in source and not any(name.rpartition(".")[2] in source for name in extra_jit):
        return False
    return any(marker in source for marker in TRACE_MARKERS) or any(
        name.rpartition(".")[2] in source for name in extra_jit
    )


def cannot_hold_traced_code(source: str, extra_jit: frozenset[str] = frozenset()) -> bool:
    """True for a file that applies no JAX transformation: no rule has anything to look at.
    A syntax error in such a file is still raised, so a broken file is reported."""
    if not may_contain_traced_code(source, extra_jit):
        check_syntax(source)
        return True
    return prefilter.applies_transformation(source, extra_jit) is False


def parse(source: str) -> cst.Module:
    try:
        with prefilter.paused_collector():
            return cst.parse_module(source)
    except cst.ParserSyntaxError as error:
        # Python's own parser names the cause and the place ("'(' was never closed" at the
        # bracket); LibCST's points where its grammar gave up, often lines later.
        check_syntax(source)
        raise SourceError(f"syntax error: {error.message}", error.raw_line, error.raw_column) from None
    except RecursionError:
        raise SourceError("the file is nested too deeply to parse") from None


def parse_for_detection(source: str, settings: Settings, lazily: bool = True) -> cst.Module:
    """The module as detection reads it: top-level functions and classes that no transformation
    can reach are left as text (`lazy_module`), unless `lazily` is false or the split fails."""
    if lazily and settings.evidence is None:  # evidence may name a function nothing here traces
        with prefilter.paused_collector():
            module = parse_lazily(source, settings.extra_jit)
        if module is not None:
            return module
    return parse(source)


def lint(source: str, settings: Settings, lazily: bool = True) -> LintResult:
    if settings.evidence is None and not settings.project_seeds and cannot_hold_traced_code(source, settings.extra_jit):
        return LintResult(source)
    try:
        module = parse_for_detection(source, settings, lazily)
        return LintResult(source, _detect(module, source, settings))
    except LazyParseError:
        return lint(source, settings, lazily=False)


def unsure(source: str, settings: Settings) -> list[tuple[int, int, str]]:
    """(line, column, why) of each place where detection stays silent because a value could be
    traced or not (`check --show-unsure`)."""
    from tracerfix.analysis.unsure import unsure_places

    if cannot_hold_traced_code(source, settings.extra_jit):
        return []
    module = parse(source)
    analysis = analyze(module, source, settings.extra_jit)
    positions = PositionIndex(module, source)
    places = []
    for node, top, why in unsure_places(analysis):
        span = positions.span(node, top)
        if span is not None:
            places.append((span[0], span[1], why))
    return sorted(set(places))


def fix(source: str, settings: Settings, select=None, lazily: bool = True) -> LintResult:
    """Apply every fix `settings` allows (or those `select(finding)` picks), to a fixed point."""
    if settings.evidence is None and not settings.project_seeds and cannot_hold_traced_code(source, settings.extra_jit):
        return LintResult(source)
    try:
        return _fix(source, settings, select, lazily)
    except LazyParseError:
        return _fix(source, settings, select, lazily=False)


def _fix(source: str, settings: Settings, select, lazily: bool) -> LintResult:
    original = source
    choose = select or settings.applies
    module = parse_for_detection(source, settings, lazily)
    fixed: list[Finding] = []
    findings = _detect(module, source, settings)
    seen = _leak_keys(module, findings)
    for _ in range(MAX_FIX_PASSES):
        chosen = [f for f in findings if f.fix is not None and choose(f)]
        if not chosen:
            break
        chosen = [f for f in chosen if f.fix.first] or chosen
        edited = apply_fixes(module, chosen)
        # The output must parse; re-parsing also gives every node its own identity again (a fix
        # may reuse one node in two places). Only the statements that changed are re-parsed.
        new_module, new_source = reparse_edited(module, source, edited)
        if new_source == source:
            break
        new_findings = _detect(new_module, new_source, settings)
        withdrawn, switched = _withdraw_culprits(module, source, chosen, settings, seen) \
            if _introduced(new_module, new_findings, seen) else (set(), False)
        if switched and not withdrawn:
            # A fix took its alternative form (a loop kept in Python): the pass is made again with it.
            new_module, new_source = reparse_edited(module, source, apply_fixes(module, chosen))
            new_findings = _detect(new_module, new_source, settings)
        if withdrawn:
            # The same module again: the rules whose fixes leaked leave those statements to others
            # (a loop lowered to `lax.fori_loop` made its index traced: its `if`s are lowered alone).
            settings = replace(settings, withdrawn=settings.withdrawn | withdrawn)
            # Detected again on the same module: the same nodes, which tell apart two leaks of
            # the same text in two functions (`values[valid]` in each helper).
            refused = {_same_leak(module, f): f for f in findings if f.fix is None}
            findings = _detect(module, source, settings)
            for finding in findings:
                reason = refused.get(_same_leak(module, finding))
                if reason is not None and finding.code == reason.code:
                    finding.fix, finding.message = None, reason.message  # still reported, with why
            seen |= _leak_keys(module, findings)
            continue
        module, source, findings = new_module, new_source, new_findings
        seen |= _leak_keys(module, findings)
        remaining = {(f.code, f.message) for f in findings}
        fixed.extend(f for f in chosen if (f.code, f.message) not in remaining)
    if fixed:
        tidied = _without_unused_added_imports(original, source)
        if tidied != source:
            source = tidied
            findings = _detect(parse_for_detection(source, settings, lazily), source, settings)
    return LintResult(source, findings, fixed)


def _without_unused_added_imports(original: str, source: str) -> str:
    """`source` without the import lines a fix added that nothing reads any more: a later pass
    rewrote the code that needed them (a `np.` recomputation inside a loop then lowered whole)."""
    before = {line.strip() for line in original.splitlines()}
    if not any(line.startswith(("import ", "from ")) and line.strip() not in before for line in source.splitlines()):
        return source  # no import line was added: nothing to parse for
    try:
        tree = pyast.parse(source)
    except SyntaxError:
        return source
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    lines = source.splitlines(keepends=True)
    unused = []
    for statement in tree.body:
        if not isinstance(statement, (ast.Import, ast.ImportFrom)) or statement.end_lineno != statement.lineno:
            continue
        text = lines[statement.lineno - 1]
        bound = [(alias.asname or alias.name).partition(".")[0] for alias in statement.names]
        if text.strip() not in before and ";" not in text and not any(name in used for name in bound):
            unused.append(statement.lineno - 1)
    for index in reversed(unused):
        del lines[index]
    return "".join(lines)


def _leak_key(module: cst.Module, finding: Finding) -> tuple[str, str]:
    return finding.code, finding.message if finding.node is None else module.code_for_node(finding.node)


def _same_leak(module: cst.Module, finding: Finding) -> tuple[str, object]:
    return (finding.code, finding.message) if finding.node is None else (finding.code, id(finding.node))


def _seen_key(module: cst.Module, finding: Finding) -> tuple[str, str]:
    """A leak as earlier passes saw it: a compound statement by its header, since the fix of an
    `if` nested in it changes its body, not the leak it was reported for."""
    node = finding.node
    if isinstance(node, (cst.If, cst.While)):
        return finding.code, "if " + module.code_for_node(node.test)
    if isinstance(node, cst.For):
        return finding.code, f"for {module.code_for_node(node.target)} in {module.code_for_node(node.iter)}"
    return _leak_key(module, finding)


def _leak_keys(module: cst.Module, findings: list[Finding]) -> set[tuple[str, str]]:
    return {_seen_key(module, f) for f in findings}


def _introduced(module: cst.Module, findings: list[Finding], seen: set[tuple[str, str]]) -> list[Finding]:
    """Leaks no rule can fix, on code that no earlier pass reported: a fix made them (a loop index
    turned traced by `lax.fori_loop` and used as a slice bound)."""
    return [f for f in findings if f.fix is None and f.node is not None and _seen_key(module, f) not in seen]


def _withdraw_culprits(module: cst.Module, source: str, chosen: list[Finding], settings: Settings,
                       seen: set[tuple[str, str]]) -> tuple[set[tuple[str, str]], bool]:
    """Withdraw the fixes of `chosen` that, applied alone, introduce a leak, unless their
    alternative form does not: the withdrawn fixes' keys, and whether an alternative was taken."""
    withdrawn = set()
    switched = False

    def introduced_by(finding: Finding) -> list[Finding]:
        edited = apply_fixes(module, [finding])
        alone, alone_source = reparse_edited(module, source, edited)
        return _introduced(alone, _detect(alone, alone_source, settings), seen) if alone_source != source else []

    for finding in chosen:
        introduced = introduced_by(finding)
        if introduced and finding.fix.alternative is not None:
            first, finding.fix = finding.fix, finding.fix.alternative
            if not introduced_by(finding):
                switched = True
                continue
            finding.fix = first
        if introduced:
            withdrawn.add(_leak_key(module, finding))
            finding.fix = None
            finding.message += (f" (not rewritten: the rewritten code would itself leak: "
                                f"{introduced[0].message.split(' (')[0]})")
    return withdrawn, switched


def check_syntax(source: str) -> None:
    """Files we do not analyse are still checked for syntax, so a broken file is reported."""
    try:
        with prefilter.paused_collector():
            pyast.parse(source)  # through its lock: verification and the editor check files in threads
    except SyntaxError as error:
        raise SourceError(f"syntax error: {error.msg}", error.lineno or 1, (error.offset or 1) - 1) from None
    except (ValueError, RecursionError, MemoryError) as error:
        raise SourceError(f"cannot parse: {error}") from None


# --- detection ----------------------------------------------------------------------------------


def _detect(module: cst.Module, source: str, settings: Settings) -> list[Finding]:
    analysis, findings = _analysed(module, source, settings)
    if not findings:
        return _comment_findings(source, [], settings)
    positions = PositionIndex(module, source)
    for finding in findings:
        span = positions.span(finding.node, finding.top)
        if span is not None:
            finding.line, finding.column, finding.end_line, finding.end_column = span
    if settings.evidence is not None:
        findings.sort(key=lambda f: (f.line, f.column, f.code))
        findings = settings.evidence.relevant(findings, analysis)
    _keep_escapes_loud(findings)
    return placed(findings, source, settings)


# A traced value stored outside the trace (TFX501) fails later, and silently; a fix that makes
# the statement computable under the trace would only make that store happen.
ESCAPE_RULE = "TFX501"


def _keep_escapes_loud(findings: list[Finding]) -> None:
    """Drop the fixes of findings inside a statement that stores a traced value outside the
    trace (`self.cache[k] = jnp.asarray(np.interp(t, ...))`): today it fails loudly there."""
    escapes = [(f.line, f.end_line) for f in findings if f.code == ESCAPE_RULE]
    if not escapes:
        return
    for finding in findings:
        if finding.code != ESCAPE_RULE and finding.fix is not None and any(
                first <= finding.line and finding.end_line <= last for first, last in escapes):
            finding.fix = None
            finding.message += "; not fixed: the statement stores the result outside the trace (TFX501)"


def detect_unplaced(
    module: cst.Module, source: str, settings: Settings, tops: set[int] | None = None
) -> list[Finding]:
    """Every rule's findings in `module`, each knowing its top-level statement (`top`) and its
    function, not yet its line and column; with `tops`, only in those top-level statements. The
    language server runs this on the part of a module that an edit can affect (`incremental`);
    `source` is the whole document's text."""
    return _analysed(module, source, settings, tops)[1]


def _analysed(
    module: cst.Module, source: str, settings: Settings, tops: set[int] | None = None
) -> tuple[Analysis, list[Finding]]:
    analysis = analyze(module, source, settings.extra_jit, settings.evidence, settings.project_seeds or (),
                       settings.project_static_fields)
    hooked = [rule for rule in settings.rules if hasattr(rule, "visit_transform_call")]
    if not analysis.roots and not (hooked and analysis.index.transform_calls):
        return analysis, []
    context = RuleContext(analysis)
    context.withdrawn = settings.withdrawn
    context.plainly_lowered = settings.plainly_lowered
    rules = [rule_class(context) for rule_class in settings.rules]
    _transform_calls(analysis, context, [rule for rule in rules if type(rule) in hooked], tops)
    walker = _RuleWalker(analysis, context, rules)
    seen: set[int] = set()
    for root in analysis.roots:
        top = analysis.index.top_of.get(id(root), 0)
        if tops is not None and top not in tops:
            continue
        walker.walk(root)
        name = qualified_function_name(analysis, root)
        for rule in rules:
            for finding in rule.findings:
                if id(finding) not in seen:
                    seen.add(id(finding))
                    finding.top = top
                    finding.function = name
    return analysis, _dedupe([finding for rule in rules for finding in rule.findings])


def _transform_calls(analysis: Analysis, context: RuleContext, rules: list[Rule], tops: set[int] | None) -> None:
    """Hand each call of a transformation (`jax.jit(multigammaln)`, at module level or anywhere)
    to the rules that look at what is transformed, outside any traced function."""
    if not rules:
        return
    for call in analysis.index.transform_calls:
        top = analysis.index.top_of.get(id(call), -1)
        if tops is not None and top not in tops:
            continue
        context.scope, context.env, context.ancestors = None, {}, [call]
        for rule in rules:
            before = len(rule.findings)
            rule.visit_transform_call(call)
            for finding in rule.findings[before:]:
                finding.top = top


def placed(findings: list[Finding], source: str, settings: Settings) -> list[Finding]:
    """Findings with their positions, in source order, without the suppressed ones, with those
    about the suppression comments themselves. Every pass of lint and fix comes through here, so
    a suppressed finding is never fixed."""
    if not findings:
        return _comment_findings(source, [], settings)
    findings.sort(key=lambda f: (f.line, f.column, f.code))
    from tracerfix import suppressions  # only a file with findings needs its comments read

    about_comments = _comment_findings(source, findings, settings)
    findings = suppressions.without_suppressed(findings, source)
    if about_comments:
        findings = sorted(findings + about_comments, key=lambda f: (f.line, f.column, f.code))
    if settings.extend_safe_fixes or settings.extend_unsafe_fixes:
        _reclassify_fixes(findings, settings)
    return findings


def _comment_findings(source: str, findings: list[Finding], settings: Settings) -> list[Finding]:
    """Findings about the suppression comments themselves (TFX601, unused ones), from the rules
    that read comments once the others have reported (`check_comments`)."""
    readers = [rule for rule in settings.rules if hasattr(rule, "check_comments")]
    # Only `# tracerfix: ignore` and `# noqa: TFX...` can be judged: a file with neither (most
    # files; a bare `# noqa` or `# noqa: E501` belongs to other tools) is not tokenized for them.
    lowered = source.lower() if readers else ""
    if "tracerfix" not in lowered and "tfx" not in lowered:
        return []
    from tracerfix import suppressions

    if not suppressions.may_have_judged_directive(source):
        return []
    judged = frozenset(
        name.lower() for rule in settings.rules if not hasattr(rule, "check_comments") for name in (rule.code, rule.name)
    )
    return [finding for rule in readers for finding in rule.check_comments(source, findings, judged)]


def _reclassify_fixes(findings: list[Finding], settings: Settings) -> None:
    """The configured fix safety per rule; display-only suggestions stay display-only."""
    for finding in findings:
        fix = finding.fix
        if fix is None or fix.safety is Safety.DISPLAY_ONLY:
            continue
        if finding.code in settings.extend_unsafe_fixes and fix.safety is Safety.SAFE:
            fix.safety = Safety.UNSAFE
            fix.safety_note = fix.safety_note or "marked unsafe for this rule by `extend-unsafe-fixes`"
        elif finding.code in settings.extend_safe_fixes and finding.code not in settings.extend_unsafe_fixes:
            fix.safety = Safety.SAFE


def qualified_function_name(analysis: Analysis, function: cst.FunctionDef | cst.Lambda) -> str:
    """`Class.method`, `outer.inner` or `function`: how verification and reports name a scope."""
    parts = [
        node.name.value
        for node in (*analysis.enclosing(function), function)
        if isinstance(node, (cst.FunctionDef, cst.ClassDef))
    ]
    return ".".join(parts) if parts else "<lambda>"


def _dedupe(findings: list[Finding]) -> list[Finding]:
    """One finding per code and node: a nested def walked twice reports once."""
    seen: set[tuple[str, int]] = set()
    unique = []
    for finding in findings:
        key = (finding.code, id(finding.node))
        if key not in seen:
            seen.add(key)
            unique.append(finding)
    return unique


class _RuleWalker:
    """Calls each rule's visit_ methods on the syntax nodes of a traced function, in source order,
    keeping the context's scope, environment and ancestors.

    It reads node fields (`syntax.child_nodes`) instead of using `CSTNode.visit`, which rebuilds
    every node it passes and costs more than parsing; iterative, so deep nesting cannot overflow.
    """

    def __init__(self, analysis: Analysis, context: RuleContext, rules: list[Rule]) -> None:
        self.analysis = analysis
        self.context = context
        visits: dict[str, list] = {}
        leaves: dict[str, list] = {}
        for rule in rules:
            for attribute in dir(type(rule)):
                if attribute.startswith("visit_"):
                    visits.setdefault(attribute[6:], []).append(getattr(rule, attribute))
                elif attribute.startswith("leave_"):
                    leaves.setdefault(attribute[6:], []).append(getattr(rule, attribute))
        self.visitors = _VisitorsByType(visits)
        self.leavers = _VisitorsByType(leaves)

    def walk(self, root: cst.FunctionDef | cst.Lambda) -> None:
        context = self.context
        context.ancestors = ancestors = []
        scope = self.analysis.scopes.get(id(root))
        context.scope = scope
        context.env = {} if scope is None else {**self.analysis.closures.get(id(root), {}), **scope.params}
        visitors, leavers = self.visitors, self.leavers
        env_at = self._env_at(scope)
        eager_only = self.analysis.eager_only()  # code behind a tracer test: never traced
        # Entries are a node to visit, or (node, scope, env, env_at) to leave it and restore them.
        pending: list = [root]
        while pending:
            item = pending.pop()
            if eager_only and id(item) in eager_only:
                continue
            if type(item) is tuple:
                # Leave methods see the node's own scope and environment, as its visit did.
                for leave in leavers[type(item[0])]:
                    leave(item[0])
                ancestors.pop()
                _, context.scope, context.env, env_at = item
                continue
            node = item
            kind = type(node)
            saved = (node, context.scope, context.env, env_at)
            if kind in _SCOPE_CHANGES:
                self._enter(node)
                env_at = self._env_at(context.scope)
            else:
                env = env_at.get(id(node))
                if env is not None:
                    context.env = env
            ancestors.append(node)
            for visit in visitors[kind]:
                visit(node)
            children = child_nodes(node)
            if children:
                pending.append(saved)
                children.reverse()
                pending.extend(children)
            else:
                for leave in leavers[kind]:
                    leave(node)
                ancestors.pop()
                _, context.scope, context.env, env_at = saved

    def _env_at(self, scope) -> dict:
        """The environment before each statement of `scope`'s function, by node id."""
        facts = self.analysis.facts.get(id(scope.node)) if scope is not None else None
        return facts.env_at if facts is not None else {}

    def _enter(self, node: cst.CSTNode) -> None:
        """Set the scope and environment that hold inside a function or a comprehension."""
        context = self.context
        kind = type(node)
        if kind is cst.FunctionDef or kind is cst.Lambda:
            scope = self.analysis.scopes.get(id(node))
            if scope is not None:
                facts = self.analysis.facts.get(id(node))
                context.scope = scope
                context.env = facts.entry if facts is not None else {**context.env, **scope.params}
            elif kind is cst.Lambda:
                context.env = {**context.env, **_lambda_params(node)}
        else:
            # The element is visited before the `for` clauses: bind their targets up front.
            context.env = comprehension_env(
                node, context.env, self.analysis.imports, self.analysis.index.module_env
            )


class _VisitorsByType(dict):
    """Node type -> the rules' visit_<TypeName> (or leave_<TypeName>) methods, looked up by name
    once per type."""

    def __init__(self, by_name: dict[str, list]) -> None:
        super().__init__()
        self.by_name = by_name

    def __missing__(self, kind: type) -> list:
        self[kind] = visitors = self.by_name.get(kind.__name__, [])
        return visitors


_SCOPE_CHANGES = FUNCTIONS | COMPREHENSIONS


def _lambda_params(node: cst.Lambda) -> dict:
    """A lambda that is not a traced scope of its own: its parameters are unknown, not static."""
    from tracerfix.analysis.scopes import param_names
    from tracerfix.analysis.values import UNKNOWN_VALUE

    return dict.fromkeys(param_names(node), UNKNOWN_VALUE)


# --- applying fixes -----------------------------------------------------------------------------


class _Applier(cst.CSTTransformer):
    """Replaces nodes by id. `applied` ends up holding the ids of the replacements that are in the
    output: one inside a node that is itself replaced is dropped with it."""

    def __init__(self, replacements: dict[int, object]) -> None:
        super().__init__()
        self.replacements = replacements
        self.applied: list[int] = []
        self.reached: set[int] = set()  # every replaced node met, kept or not
        self._marks: list[int] = []

    def on_visit(self, node) -> bool:
        self._marks.append(len(self.applied))
        return True

    def on_leave(self, original_node, updated_node):
        mark = self._marks.pop()
        replacement = self.replacements.get(id(original_node))
        if replacement is None:
            return _without_new_blank_start(original_node, updated_node)
        del self.applied[mark:]  # the edits below were made in `updated_node`, which is dropped
        self.applied.append(id(original_node))
        self.reached.add(id(original_node))
        return replacement


def _without_new_blank_start(original, updated):
    """A block whose first statement was removed (`if c: return a` folded into the final
    return) does not open with the blank line that separated that statement from the next."""
    if not isinstance(updated, cst.IndentedBlock) or updated is original or not updated.body or not original.body:
        return updated
    first, was_first = updated.body[0], original.body[0]
    lines = getattr(first, "leading_lines", ())
    if first is was_first or not lines or getattr(was_first, "leading_lines", ()) or any(line.comment for line in lines):
        return updated
    return updated.with_changes(body=[first.with_changes(leading_lines=[]), *updated.body[1:]])


@dataclass
class EditedModule:
    """The module after fixes, and which of its top-level statements are new."""

    module: cst.Module
    replaced: dict[int, list[cst.CSTNode]]  # old position -> the statements that replace it
    inserted_at: int | None = None  # old position before which new imports go
    inserted: list[cst.CSTNode] = field(default_factory=list)


def apply_fixes(module: cst.Module, findings: Sequence[Finding]) -> EditedModule:
    """Apply the fixes of `findings`; where two overlap, the outer edit wins (its finding's inner
    neighbour is found again, and fixed, on the next pass). A fix is applied whole or not at all:
    one whose edits did not all make it (a call-site edit kept while its body edit was swallowed
    by an outer edit) is taken out and the rest applied again."""
    chosen = list(findings)
    while True:
        edited, incomplete = _apply(module, chosen)
        if not incomplete:
            return edited
        chosen = [finding for finding in chosen if id(finding) not in incomplete]


def _apply(module: cst.Module, findings: Sequence[Finding]) -> tuple[EditedModule, set[int]]:
    """The module with the fixes applied, and the ids of findings whose fix was applied only in
    part."""
    replacements: dict[int, object] = {}
    owners: dict[int, int] = {}  # id(node) -> id of the finding whose edit replaces it
    imports: set[ImportSpec] = set()
    for finding in findings:
        assert finding.fix is not None
        for node, replacement in finding.fix.edits:
            if id(node) not in replacements:
                replacements[id(node)] = replacement
                owners[id(node)] = id(finding)
        imports.update(finding.fix.imports)
    applier = _Applier(replacements)
    # Transform only the top-level statements holding findings; an edit elsewhere (a `jax.jit(f)`
    # call site that a static-argument fix extends) sends us through the rest as well.
    body = module.body
    replaced: dict[int, list] = {}

    def transform(position: int) -> None:
        statement = body[position]
        new = statement.visit(applier)
        if new is not statement:
            replaced[position] = list(_flatten([new]))

    likely = {f.top for f in findings if 0 <= f.top < len(body)}
    for position in sorted(likely):
        transform(position)
    if len(applier.reached) < len(replacements):
        for position in range(len(body)):
            if position not in likely:
                transform(position)
    applied = set(applier.applied)
    incomplete = set()
    for finding in findings:
        assert finding.fix is not None
        made = [id(node) in applied and owners[id(node)] == id(finding) for node, _ in finding.fix.edits]
        if any(made) and not all(made):
            incomplete.add(id(finding))
    new_body: list = []
    for position, statement in enumerate(body):
        new_body.extend(replaced.get(position, (statement,)))
    edited = EditedModule(module.with_changes(body=new_body), replaced)
    if imports:
        _add_imports_to(edited, imports)
    return edited, incomplete


def _flatten(statements):
    for statement in statements:
        if isinstance(statement, cst.FlattenSentinel):
            yield from statement.nodes
        elif isinstance(statement, cst.RemovalSentinel):
            continue
        else:
            yield statement


def _add_imports_to(edited: EditedModule, imports: Iterable[ImportSpec]) -> None:
    new_imports, position = missing_imports(edited.module, imports)
    if not new_imports:
        return
    body = edited.module.body
    edited.module = edited.module.with_changes(body=[*body[:position], *new_imports, *body[position:]])
    # `position` counts statements of the fixed module; imports are placed before any fixed statement.
    edited.inserted_at = position
    edited.inserted = new_imports


def reparse_edited(module: cst.Module, source: str, edited: EditedModule) -> tuple[cst.Module, str]:
    """The fixed module's text, and that text parsed. The unchanged statements are kept as they
    are and only the new ones are generated and parsed, where their place in `source` is certain
    (the old statement's text occurs once); otherwise the whole module is generated and parsed."""
    spliced = _splice(module, source, edited)
    if spliced is not None:
        return spliced
    new_source = edited.module.code
    return parse(new_source), new_source


def _splice(module: cst.Module, source: str, edited: EditedModule) -> tuple[cst.Module, str] | None:
    body = module.body
    first_replaced = min(edited.replaced, default=len(body))
    if edited.inserted and (edited.inserted_at is None or edited.inserted_at > first_replaced):
        return None  # imports placed after a fixed statement: left to the whole-module path
    edits: list[tuple[int, int, list[cst.CSTNode]]] = []  # (start, end, new statements) in `source`
    for position, statements in edited.replaced.items():
        span = unique_span(source, module.code_for_node(body[position]))
        if span is None:
            return None
        edits.append((*span, statements))
    if edited.inserted:
        offset = _statement_start(module, source, edited.inserted_at)
        if offset is None:
            return None
        edits.append((offset, offset, edited.inserted))
    edits.sort(key=lambda edit: (edit[0], edit[1]))
    config = module.config_for_parsing
    pieces: list[str] = []
    groups: list[tuple[str, list[cst.CSTNode]]] = []  # generated text and its re-parsed statements
    done = 0
    for start, end, statements in edits:
        if start < done:
            return None
        code = "".join(edited.module.code_for_node(statement) for statement in statements)
        reparsed = _parse_statements(code, config)
        if reparsed is None:
            return None
        pieces += [source[done:start], code]
        groups.append((code, reparsed))
        done = end
    pieces.append(source[done:])
    # The body in order: the old statements stay, each edited span gets its re-parsed statements
    # (inserted imports come before the statement they were placed in front of).
    next_group = iter(reparsed for _, reparsed in groups)
    new_body: list[cst.CSTNode] = []
    for position, statement in enumerate(body):
        if edited.inserted and position == edited.inserted_at:
            new_body.extend(next(next_group))
        new_body.extend(next(next_group) if position in edited.replaced else (statement,))
    if edited.inserted and edited.inserted_at == len(body):
        new_body.extend(next(next_group))
    new_module = module.with_changes(body=new_body)
    # A re-parsed statement must print the same inside the module: indentation the parser took
    # for the snippet's default would otherwise print as the module's default.
    for code, reparsed in groups:
        if "".join(new_module.code_for_node(statement) for statement in reparsed) != code:
            return None
    return new_module, "".join(pieces)


def _statement_start(module: cst.Module, source: str, position: int | None) -> int | None:
    """The offset in `source` where top-level statement `position` begins (its leading comments
    included); at the end of the body, where the footer begins."""
    if position is None:
        return None
    if position < len(module.body):
        span = unique_span(source, module.code_for_node(module.body[position]))
        return None if span is None else span[0]
    footer = "".join(module.code_for_node(line) for line in module.footer)
    return len(source) - len(footer) if source.endswith(footer) else None


def _parse_statements(code: str, config: cst.PartialParserConfig) -> list[cst.CSTNode] | None:
    """`code` (whole top-level statements) parsed; its leading comments and blank lines, which a
    module keeps as its header, go back to the first statement."""
    try:
        with prefilter.paused_collector():
            snippet = cst.parse_module(code, config=config)
    except (cst.ParserSyntaxError, RecursionError):
        return None
    if not snippet.body or snippet.footer:
        return None
    return statements_with_header(snippet)


def missing_imports(module: cst.Module, imports: Iterable[ImportSpec]) -> tuple[list[cst.CSTNode], int]:
    """The import statements `imports` need that the module lacks, and the position they go at:
    after the module's leading docstring and imports."""
    from tracerfix.analysis.imports import ImportTable

    table = ImportTable()
    for statement in module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, (cst.Import, cst.ImportFrom)):
                    table.add(small)
    missing = []
    # `import numpy` beside `import numpy as np`: None sorts first, not against a name.
    for spec in sorted(set(imports), key=lambda spec: (spec.module, spec.name or "", spec.alias or "")):
        qualified = spec.module if spec.name is None else f"{spec.module}.{spec.name}"
        bound = table.aliases.get(spec.bound_name)
        if bound is not None and (bound == qualified or (spec.name is None and spec.alias is None)):
            continue
        missing.append(spec)
    if not missing:
        return [], 0
    position = 0
    for index, statement in enumerate(module.body):
        if isinstance(statement, cst.SimpleStatementLine) and all(
            isinstance(s, (cst.Import, cst.ImportFrom))
            or (index == 0 and isinstance(s, cst.Expr) and isinstance(s.value, (cst.SimpleString, cst.ConcatenatedString)))
            for s in statement.body
        ):
            position = index + 1
        else:
            break
    new = [cst.parse_statement(spec.statement() + "\n", config=module.config_for_parsing) for spec in missing]
    return new, position
