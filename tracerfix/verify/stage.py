"""The verification stage of `rewrite --verify` and `verify`: rewrite, run, keep what agrees.

For one file: compute the full rewrite (safe and unsafe fixes: running the code is the evidence
that replaces the opt-in), find the functions it changed, verify each in the worker, then rewrite
again without the fixes of the functions that failed or could not be verified. If dropping a
function's fixes changes the text another verified function depends on (a helper it calls), that
function is verified again, so what is written is exactly what was run. This process never
imports JAX: planning is LibCST, running is the worker's.
"""

from __future__ import annotations

import queue
import random
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Callable, Iterable

import libcst as cst

from tracerfix import api, engine
from tracerfix.config import Resolver
from tracerfix.engine import LintResult, Settings
from tracerfix.rewrite import names_read, walk
from tracerfix.rule import Finding, Safety
from tracerfix.verify.compare import PYTHON_VALUE_BECAME_ARRAY
from tracerfix.verify.options import VerifyOptions, parse_options
from tracerfix.verify.plan import Planner, TestFiles, instance_class, locate_unit, project_root, transformed_lambdas
from tracerfix.verify.report import FAILED, TIMEOUT, UNVERIFIABLE, VERIFIED, UnitResult
from tracerfix.verify.runner import FileJob, Worker, default_compile_cache
from tracerfix.verify.specs import SpecError

# Each round either verifies the pending functions or drops some; a few rounds always settle.
MAX_ROUNDS = 5


def module_identity(path: Path) -> tuple[str, Path]:
    """The dotted name a file is imported as, and the folder that must be on sys.path for it."""
    path = path.resolve()
    parts = [] if path.name == "__init__.py" else [path.stem]
    folder = path.parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts) or path.parent.name, folder


class Verifier:
    """One verification run: worker processes, the seed, and the verdicts, file after file.

    With `jobs` above one, files are verified side by side, each worker serving one file at a
    time; the verdicts are listed in file order all the same."""

    def __init__(
        self,
        resolver: Resolver | None = None,
        *,
        seed: int | None = None,
        trials: int | None = None,
        function_timeout: float | None = None,
        file_timeout: float | None = None,
        worker: Worker | None = None,
        compile_cache: bool = True,
        jobs: int = 1,
        strict_dtypes: bool | None = None,
    ) -> None:
        self.resolver = resolver or Resolver()
        self.seed = seed
        self.default_seed = random.SystemRandom().randrange(2**31)
        self.overrides = {"trials": trials, "function_timeout": function_timeout, "file_timeout": file_timeout,
                          "strict_dtypes": strict_dtypes}
        self._compile_cache = default_compile_cache() if compile_cache else None
        self.worker = worker or Worker(compile_cache=self._compile_cache)
        self._owned = [] if worker is not None else [self.worker]
        self.jobs = max(1, jobs)
        self.results: list[UnitResult] = []
        self.seeds: set[int] = set()
        self._test_files: dict[Path, TestFiles] = {}
        self._lock = threading.Lock()

    def close(self) -> None:
        for worker in self._owned:
            worker.close()

    def __enter__(self) -> "Verifier":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- entry points -----------------------------------------------------------------------------
    def process_paths(self, paths: Iterable[Path], *, write: bool) -> list[api.FileReport]:
        """Rewrite (and write, when asked) every Python file below `paths`, verified."""
        files = [
            file
            for path in paths
            for file in api.iter_python_files([path], self.resolver.is_excluded, self.resolver.respect_gitignore(path))
        ]
        if self.jobs == 1 or len(files) < 2:
            return [self._process(file, write, self.worker) for file in files]
        idle: queue.Queue[Worker] = queue.Queue()
        idle.put(self.worker)
        for _ in range(min(self.jobs, len(files)) - 1):
            extra = Worker(compile_cache=self._compile_cache)
            self._owned.append(extra)
            idle.put(extra)

        def process(file: Path) -> api.FileReport:
            worker = idle.get()
            try:
                return self._process(file, write, worker)
            finally:
                idle.put(worker)

        with ThreadPoolExecutor(max_workers=idle.qsize()) as pool:
            reports = list(pool.map(process, files))
        order = {str(file): index for index, file in enumerate(files)}
        self.results.sort(key=lambda r: order.get(r.path, len(order)))
        return reports

    def _process(self, file: Path, write: bool, worker: Worker) -> api.FileReport:
        settings = self.resolver.settings_for(file)
        return api.process_path(file, settings, fix=True, write=write, rewrite=self.rewriter(file, worker))

    def rewriter(self, path: Path | None, worker: Worker | None = None) -> Callable[[str, Settings], LintResult]:
        """`engine.fix` for the file at `path` (None: standard input), keeping verified fixes only."""
        return lambda source, settings: self.verified_fix(source, settings, path, worker or self.worker)

    def options(self, path: Path | None) -> VerifyOptions:
        config = self.resolver.config_for(path)
        options = parse_options(config.verify, config.root, config.label)
        for name, value in self.overrides.items():
            if value is not None:
                setattr(options, name, value)
        return options

    # --- one file ---------------------------------------------------------------------------------
    def verified_fix(self, source: str, settings: Settings, path: Path | None, worker: Worker | None = None) -> LintResult:
        worker = worker or self.worker
        candidate = engine.fix(source, settings, select=_applicable)
        if not candidate.fixed:
            return candidate
        worker.start()  # JAX imports in the worker while we plan
        display = str(path) if path is not None else "<stdin>"
        options = self.options(path)
        seed = self.seed if self.seed is not None else options.seed if options.seed is not None else self.default_seed
        original = _Units(source)
        rejected: set[str] = set()  # units, and functions that are not units
        verified: dict[str, str] = {}  # unit -> the text it was verified with
        results: dict[str, UnitResult] = {}
        retried: set[str] = set()
        # Units whose simplified form failed and that are tried again lowered plainly: unit -> why
        # the simplified form failed.
        plain: dict[str, str] = {}
        for _ in range(MAX_ROUNDS):
            before, plain_before = set(rejected), dict(plain)
            current = _Units(candidate.source)
            changed = current.changed_from(original)
            for finding in candidate.fixed:
                unit = original.unit_for(finding)
                if unit is None:
                    rejected.add(finding.function)
                    results[finding.function] = UnitResult(
                        display, finding.function or "<module>", finding.line, UNVERIFIABLE,
                        "the fix is in code that cannot be called by name (a module-level lambda, or a "
                        "definition inside `if` or `try`), so it cannot be run")
                else:
                    changed.add(unit)
            pending = [unit for unit in sorted(changed) if verified.get(unit) != current.key(unit)]
            if not pending and rejected == before and plain == plain_before:
                break
            leaks: dict[str, list[str]] = {}
            for finding in candidate.findings:
                leaks.setdefault(original.unit_for(finding) or "", []).append(f"{finding.code} at line {finding.line}")
            fixed: dict[str, list[str]] = {}
            for finding in candidate.fixed:
                fixed.setdefault(original.unit_for(finding) or "", []).append(finding.code)
            outcomes = self.verify_units(source, candidate.source, path, display, pending, options, seed, worker,
                                         leaks, settings.extra_jit, fixed)
            outcomes = self._through_callers(outcomes, original, source, candidate.source, path, display, options,
                                             seed, worker, settings.extra_jit, fixed)
            outcomes = self._callers_of_new_arrays(outcomes, original, source, candidate.source, path, display,
                                                   options, seed, worker, settings.extra_jit, fixed)
            failed = {result.unit for result in outcomes if not result.verified}
            for result in outcomes:
                if result.unit in plain and result.verified:
                    result.details.setdefault("warnings", []).append(
                        f"written with `lax` control flow: the `jnp.where` form failed ({plain[result.unit]})")
                results[result.unit] = result
                if result.verified:
                    verified[result.unit] = current.key(result.unit)
                elif result.unit not in retried and current.depends_on(result.unit, failed - {result.unit}):
                    # It may fail only through a failed helper: judge it again once that is undone.
                    retried.add(result.unit)
                elif result.status == FAILED and result.unit not in plain \
                        and _simplified(fixed.get(result.unit, ()), settings):
                    # Verification decides the form: the exact `lax` lowering before giving up.
                    plain[result.unit] = result.reason
                else:
                    rejected |= _responsible(result.unit, candidate.fixed, original, current)
            if rejected != before or plain != plain_before:
                settings = replace(settings, plainly_lowered=frozenset(plain))
                candidate = engine.fix(source, settings, select=lambda f: _applicable(f) and original.allowed(f, rejected))
        else:
            # Did not settle (it always has in practice): write nothing rather than unverified text.
            for unit in _Units(candidate.source).changed_from(original) - set(verified):
                results.setdefault(unit, UnitResult(display, unit, 0, UNVERIFIABLE, "the rewrite did not settle"))
            candidate = engine.fix(source, settings, select=lambda f: False)
        # Report what was written and what was refused; a verdict on text that another function's
        # refusal took back again is moot.
        final = _Units(candidate.source).changed_from(original)
        shown = [r for r in results.values() if r.unit in final or not r.verified]
        with self._lock:
            self.results.extend(sorted(shown, key=lambda r: (r.line, r.unit)))
            self.seeds.add(seed)
        return candidate

    def _through_callers(self, outcomes: list[UnitResult], original: "_Units", source: str, rewritten: str,
                         path: Path | None, display: str, options: VerifyOptions, seed: int, worker,
                         extra_jit: frozenset[str], fixed: dict[str, list[str]]) -> list[UnitResult]:
        """A helper whose own inputs cannot be built (the original raised on every input tried) is
        verified the way it runs: through the transformed functions of the module that call it."""
        results = []
        wanted = {result.unit: original.transformed_callers(result.unit) for result in outcomes
                  if result.status == UNVERIFIABLE}
        # Each caller once, in one job, however many helpers it verifies.
        callers_needed = sorted({caller for callers in wanted.values() for caller in callers})
        by_caller = {verdict.unit: verdict for verdict in self.verify_units(
            source, rewritten, path, display, callers_needed, options, seed, worker, extra_jit=extra_jit,
            fixed=_fixes_seen_by_callers(wanted, fixed))}
        for result in outcomes:
            verdicts = [by_caller[caller] for caller in wanted.get(result.unit, []) if caller in by_caller]
            if verdicts and all(v.status != FAILED for v in verdicts) and any(v.verified for v in verdicts):
                through = ", ".join(f"`{v.unit}`" for v in verdicts if v.verified)
                details = dict(next(v for v in verdicts if v.verified).details)
                details.setdefault("warnings", [])
                details["warnings"] = [*details["warnings"], f"verified through its caller {through}: "
                                       f"its own inputs could not be built ({result.reason})"]
                result = UnitResult(result.path, result.unit, result.line, VERIFIED, "", details)
            elif any(v.status == FAILED for v in verdicts):
                failed = next(v for v in verdicts if v.status == FAILED)
                result = UnitResult(result.path, result.unit, result.line, FAILED,
                                    f"through its caller `{failed.unit}`: {failed.reason}", failed.details)
            elif verdicts:
                # Say why the callers did not settle it either, or the user is left asking for an
                # example call the module already makes.
                tried = "; ".join(f"through its caller `{v.unit}`: {v.reason}" for v in verdicts)
                result = UnitResult(result.path, result.unit, result.line, result.status,
                                    f"{result.reason} ({tried})", result.details)
            results.append(result)
        return results

    def _callers_of_new_arrays(self, outcomes: list[UnitResult], original: "_Units", source: str, rewritten: str,
                               path: Path | None, display: str, options: VerifyOptions, seed: int, worker,
                               extra_jit: frozenset[str], fixed: dict[str, list[str]]) -> list[UnitResult]:
        """A verified function that returned a Python number and now returns an array may break
        a caller that needs the number (a static argument, a shape): the traced callers of the
        module are verified with it, and a failure there fails it."""
        wanted = {result.unit: original.transformed_callers(result.unit) for result in outcomes if result.verified
                  and any(PYTHON_VALUE_BECAME_ARRAY in warning for warning in result.details.get("warnings", []))}
        callers = sorted({caller for found in wanted.values() for caller in found})
        if not callers:
            return outcomes
        by_caller = {verdict.unit: verdict for verdict in self.verify_units(
            source, rewritten, path, display, callers, options, seed, worker, extra_jit=extra_jit,
            fixed=_fixes_seen_by_callers(wanted, fixed))}
        results = []
        for result in outcomes:
            failed = next((by_caller[c] for c in wanted.get(result.unit, []) if c in by_caller
                           and by_caller[c].status == FAILED), None)
            if failed is not None:
                result = UnitResult(result.path, result.unit, result.line, FAILED,
                                    f"it returns an array where it returned a Python number, and its caller "
                                    f"`{failed.unit}` fails with it: {failed.reason}", failed.details)
            results.append(result)
        return results

    def verify_units(self, original: str, rewritten: str, path: Path | None, display: str,
                     units: list[str], options: VerifyOptions, seed: int,
                     worker: Worker | None = None, leaks: dict[str, list[str]] | None = None,
                     extra_jit: frozenset[str] = frozenset(),
                     fixed: dict[str, list[str]] | None = None) -> list[UnitResult]:
        """Verify `units` of `rewritten` against `original` (the file at `path`) in the worker."""
        if not units:
            return []
        module, folder = module_identity(path) if path is not None else ("__tracerfix_stdin__", Path.cwd())
        module_names = {module, module.rpartition(".")[2]}
        planner = Planner(original, rewritten, path, options, module_names, self._tests_for(path), extra_jit)
        plans, results, lines = [], [], {}
        for unit in units:
            try:
                plan = planner.plan(unit, (leaks or {}).get(unit, ()), (fixed or {}).get(unit, ()))
            except SpecError as error:
                results.append(UnitResult(display, unit, 0, UNVERIFIABLE, f"bad `# tracerfix-verify:` comment: {error}"))
                continue
            if plan is None:
                results.append(UnitResult(display, unit, 0, UNVERIFIABLE, "not found in the rewritten module"))
                continue
            functions = plan.called_parameters
            if functions:
                names = ", ".join(f"`{name}`" for name in functions)
                results.append(UnitResult(display, unit, plan.line, UNVERIFIABLE,
                                          f"{names} {'is' if len(functions) == 1 else 'are'} called as a function, and no "
                                          "input can be made up for a function; give an example call"))
                continue
            plans.append(plan.to_json())
            lines[unit] = plan.line
        if not plans:
            return results
        job = FileJob(
            path=str(path.resolve()) if path is not None else str(Path.cwd() / "<stdin>"),
            module=module,
            sys_path=str(folder),
            rewritten_source=rewritten,
            units=plans,
            seed=seed,
            trials=options.trials,
            function_timeout=options.function_timeout,
            file_timeout=options.file_timeout,
            original_source=original,
            limits=options.limits.to_json(),
        )
        for unit, record in (worker or self.worker).verify(job).items():
            result = UnitResult.from_worker(display, lines.get(unit, 0), record)
            if result.status == TIMEOUT and "seed" not in record:
                result.details["seed"] = seed
            results.append(result)
        return results

    def _tests_for(self, path: Path | None) -> TestFiles | None:
        if path is None:
            return None
        root = project_root(path)
        with self._lock:
            if root not in self._test_files:
                self._test_files[root] = TestFiles(root)
            return self._test_files[root]


def _simplified(codes, settings: Settings) -> bool:
    """Some of these fixes took a simplified form that the plain `lax` lowering can replace."""
    return any(rule.SIMPLIFIES_LOWERING for rule in settings.rules if rule.code in codes)


def _applicable(finding: Finding) -> bool:
    return finding.fix is not None and finding.fix.safety is not Safety.DISPLAY_ONLY


def _responsible(unit: str, fixed: list[Finding], original: "_Units", current: "_Units") -> set[str]:
    """The units whose fixes to refuse when `unit` fails: itself, and when no fix of its own
    changed it (a caller edited by a fix elsewhere), the functions it calls that were fixed, or
    failing that every fixed function."""
    own = {original.unit_for(f) for f in fixed}
    if unit in own:
        return {unit}
    called = set(names_read(current.node(unit))) if current.node(unit) is not None else set()
    callees = {u for u in own if u is not None and u.partition(".")[0] in called}
    return {unit} | (callees or {u for u in own if u is not None})



def _fixes_seen_by_callers(wanted: dict[str, list[str]], fixed: dict[str, list[str]]) -> dict[str, list[str]]:
    """Each caller verified for helpers, with the rules whose fixes those helpers carry: the
    caller runs them (a documented difference of a helper's fix shows in the caller's output)."""
    seen: dict[str, set[str]] = {}
    for helper, callers in wanted.items():
        for caller in callers:
            seen.setdefault(caller, set()).update(fixed.get(helper, ()))
    return {caller: sorted(codes) for caller, codes in seen.items()}

class _Units:
    """The callable units of one version of a module (top-level functions, methods of top-level
    classes) and their text."""

    def __init__(self, source: str) -> None:
        self.source = source
        self._transformed: set[str] | None = None
        self.module = cst.parse_module(source)
        self.definitions: dict[str, cst.CSTNode] = {}
        self.nodes: dict[str, cst.FunctionDef] = {}
        for statement in self.module.body:
            if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                self.definitions[statement.name.value] = statement
        for name, definition in self.definitions.items():
            if isinstance(definition, cst.FunctionDef):
                self.nodes[name] = definition
            elif isinstance(definition.body, cst.IndentedBlock):
                for member in definition.body.body:
                    if isinstance(member, cst.FunctionDef):
                        self.nodes[f"{name}.{member.name.value}"] = member
        self._units: dict[str, str | None] = {}
        self.lambdas = transformed_lambdas(self.module)

    def node(self, unit: str) -> cst.FunctionDef | None:
        return self.nodes.get(unit) or self.lambdas.get(unit)

    def text(self, unit: str) -> str:
        return self.module.code_for_node(self.nodes[unit])

    def changed_from(self, other: "_Units") -> set[str]:
        """Units present in both versions whose text differs (module-level jitted lambdas too)."""
        changed = {unit for unit in self.nodes if unit in other.nodes and self.text(unit) != other.text(unit)}
        code = cst.Module([]).code_for_node
        return changed | {name for name, node in self.lambdas.items() if name not in self.nodes
                          and name in other.lambdas and code(node) != code(other.lambdas[name])}

    def unit_for(self, finding: Finding) -> str | None:
        """The unit holding a finding: the function it names, or the module-level
        `name = jax.jit(lambda ...)` whose lines hold it (a lambda has no name of its own)."""
        unit = self.unit_of(finding.function)
        if unit is None and finding.line:
            unit = next((name for name, (first, last) in self.lambda_lines().items() if first <= finding.line <= last), None)
        return unit

    def lambda_lines(self) -> dict[str, tuple[int, int]]:
        if not hasattr(self, "_lambda_lines"):
            self._lambda_lines = {}
            line = 1 + len(self.module.header)  # one line per header line (comments, blank lines)
            for statement in self.module.body:
                text = self.module.code_for_node(statement)
                leading = sum(1 for _ in statement.leading_lines) if hasattr(statement, "leading_lines") else 0
                for small in getattr(statement, "body", ()) if isinstance(statement, cst.SimpleStatementLine) else ():
                    if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                            and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value in self.lambdas:
                        self._lambda_lines[small.targets[0].target.value] = (line + leading, line + text.count("\n") - 1)
                line += text.count("\n")
        return self._lambda_lines

    def unit_of(self, function: str) -> str | None:
        if function not in self._units:
            located = locate_unit(self.module, function) if function else None
            self._units[function] = located[0] if located else None
        return self._units[function]

    def allowed(self, finding: Finding, rejected: set[str]) -> bool:
        unit = self.unit_for(finding)
        return unit is not None and unit not in rejected and finding.function not in rejected

    def key(self, unit: str) -> str:
        """The text a unit's verdict depends on: its own definition (its whole class, for a
        method) and the module-level definitions it reads, transitively."""
        return "\n".join(self.module.code_for_node(self.definitions[name]) for name in self._closure(unit))

    def transformed_callers(self, unit: str) -> list[str]:
        """The functions of the module that a transformation traces and that call `unit`: by name
        first, then through the module's other functions (`while_loop` choosing `fun =
        _while_loop_python` and calling it)."""
        if self._transformed is None:
            from tracerfix.analysis import analyze

            analysis = analyze(self.module, self.source)
            self._transformed = {scope.node.name.value for scope in analysis.scopes.values()
                                 if scope.transformed and isinstance(scope.node, cst.FunctionDef)}
        direct, through = [], []
        # `learning_rate_fn = create_schedule(...)` at module level: calling that name runs `unit`'s work.
        made = {unit, *(name for name, definition in self._made_by_calls().items() if definition == unit)}
        # `gd = GradDescent(...)` at module level: `gd.solve(...)` runs `GradDescent.solve`.
        owner, _, method = unit.partition(".")
        instances = {name for name, definition in self._made_by_calls().items() if definition == owner}

        def calls_unit(node: cst.CSTNode) -> bool:
            return isinstance(node, cst.Call) and (
                (isinstance(node.func, cst.Name) and node.func.value in made)
                # `pcrop(x, top, left)`, `pcrop = PositionalCrop((6, 4))`: its `__call__`.
                or (method == "__call__" and isinstance(node.func, cst.Name) and node.func.value in instances)
                or (isinstance(node.func, cst.Attribute) and node.func.attr.value == method
                    and isinstance(node.func.value, cst.Name) and node.func.value.value in instances))
        for name in sorted(self._transformed):
            node = self.node(name)
            if name == unit or node is None:
                continue
            if any(calls_unit(n) for n in walk(node)):
                direct.append(name)
            elif unit.partition(".")[0] in self._closure(name):
                through.append(name)
        # `f = jax.jit(lambda x, tol: newton(g, x, tol))`: the lambda is how the module runs it.
        direct += [name for name, node in self.lambdas.items() if name not in self.nodes and any(
            calls_unit(n) for n in walk(node))]
        return [*direct, *through][:2]

    def depends_on(self, unit: str, others: set[str]) -> bool:
        return bool(set(self._closure(unit)) & {other.partition(".")[0] for other in others} - {unit.partition(".")[0]})

    def _closure(self, unit: str) -> list[str]:
        seen: list[str] = []
        queue = [unit.partition(".")[0]]
        made = self._made_by_calls()
        while queue:
            name = queue.pop()
            if name in seen or name not in self.definitions:
                continue
            seen.append(name)
            for read in names_read(self.definitions[name]):
                # `model(x)`, `model = Model(...)`: the class is read too; and `apply =
                # wrap_module(MLPDynamics, shape)`: what the call is given, which it runs.
                queue.extend(self._given_to_calls.get(read, ()))
                read = made.get(read, read)
                if read in self.definitions:
                    queue.append(read)
        return sorted(seen)

    def _made_by_calls(self) -> dict[str, str]:
        """Module-level names bound to a call of a definition of the module: name -> definition."""
        if not hasattr(self, "_made"):
            self._made = {}
            self._given_to_calls: dict[str, set[str]] = {}
            for statement in self.module.body:
                for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                    if not isinstance(small, cst.Assign) or not isinstance(small.value, cst.Call):
                        continue
                    names = [target.target.value for target in small.targets if isinstance(target.target, cst.Name)]
                    func = small.value.func
                    made = func.value if isinstance(func, cst.Name) else None
                    if isinstance(func, cst.Attribute) and names:
                        # `block = GlassBlock.create_chassis(...)`: an object its class's factory builds.
                        owner = instance_class(self.module, names[0])
                        made = owner.name.value if owner is not None else None
                    if made in self.definitions:
                        self._made.update(dict.fromkeys(names, made))
                    given = {name for argument in small.value.args for name in names_read(argument.value)
                             if name in self.definitions}
                    for name in names:
                        self._given_to_calls[name] = given
        return self._made

