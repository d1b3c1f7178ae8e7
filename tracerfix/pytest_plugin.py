"""A pytest plugin: the tracer errors your tests hit, reported at the end as tracerfix findings.

    pytest --tracerfix            # report the leaks behind the tracer errors, with their fixes
    pytest --tracerfix-fix        # also apply the fixes that verify (runs them, as --verify does)

Installed with tracerfix (entry point `pytest11`), or loaded with `-p tracerfix.pytest_plugin`.
Without either option it does nothing. Test outcomes are never changed: the plugin only reads
the exceptions of failed tests and setups, and formats their tracebacks as Python prints them.
It does not import JAX (the tests do, when they use it); `--tracerfix-fix` runs the verification
in a subprocess, as `tracerfix rewrite --verify` does.
"""

from __future__ import annotations

import traceback

import pytest

_ERRORS = pytest.StashKey[list]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tracerfix", "JAX tracer leaks (tracerfix)")
    group.addoption(
        "--tracerfix", action="store_true", default=False,
        help="Report the tracer leaks behind the JAX tracer errors the tests raise, with their fixes.",
    )
    group.addoption(
        "--tracerfix-fix", action="store_true", default=False,
        help="Like --tracerfix, and apply the fixes that verify (runs each rewrite against its original).",
    )


def _enabled(config: pytest.Config) -> bool:
    return bool(config.getoption("tracerfix", False) or config.getoption("tracerfix_fix", False))


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_ERRORS] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    yield
    if call.excinfo is None or not _enabled(item.config):
        return
    error = call.excinfo.value
    if not _may_be_tracer_error(error):
        return
    text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    item.config.stash[_ERRORS].append((item.nodeid, text))


def _may_be_tracer_error(error: BaseException) -> bool:
    """A cheap look before formatting the traceback: the exception (or one it was raised from)
    is one of JAX's, or its message mentions a tracer. JAX is never imported to ask."""
    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        module = type(error).__module__ or ""
        if module.startswith(("jax", "jaxlib")) or "racer" in str(error)[:2000]:
            return True
        error = error.__cause__ or error.__context__
    return False


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    if not _enabled(config):
        return
    collected = config.stash.get(_ERRORS, [])
    if not collected:
        return
    from tracerfix.tracebacks import parse

    errors, tests = [], {}
    for nodeid, text in collected:
        for error in parse(text):
            key = error.key()
            if key not in tests:
                errors.append(error)
            tests.setdefault(key, []).append(nodeid)
    if not errors:
        return
    fix = bool(config.getoption("tracerfix_fix"))
    reports, notes = _analyse(errors, config, fix)
    write = terminalreporter.write_line
    terminalreporter.write_sep("=", f"tracerfix: {len(errors)} tracer error{'s' if len(errors) != 1 else ''} in the tests")
    for error in errors:
        leak = error.leak_frame
        where = f"{leak.path}:{leak.line}" if leak is not None else "?"
        names = tests[error.key()]
        more = f" (and {len(names) - 1} more)" if len(names) > 1 else ""
        write(f"{names[0]}{more}: {error.kind} at {where}")
    from tracerfix import output

    for report in reports:
        for finding in report.findings:
            write(output.finding_line(report.path, finding))
        for finding in report.fixed:
            write(f"{report.path}:{finding.line}:{finding.column + 1}: {finding.code} fixed: {finding.fix.title if finding.fix else ''}")
        if report.error:
            write(output.error_line(report))
    for note in notes:
        write(note.line())
    fixed = sum(len(r.fixed) for r in reports)
    fixable = sum(1 for r in reports for f in r.findings if f.fixable)
    if fix:
        written = sum(1 for r in reports if r.written)
        write(f"tracerfix fixed {fixed} leak{'s' if fixed != 1 else ''} in {written} file{'s' if written != 1 else ''}; run the tests again.")
    elif fixable:
        write(f"{fixable} fixable: run pytest with --tracerfix-fix to apply the fixes that verify.")


def _analyse(errors, config: pytest.Config, fix: bool):
    from pathlib import Path

    from tracerfix import from_traceback as core
    from tracerfix.commands import resolver

    settings = resolver(None, (), (), None, (), None)
    project = core.ProjectFiles(Path(str(config.rootpath)))
    if not fix:
        return core.analyse(errors, project, settings, fix=False, write=False)
    from tracerfix.verify.stage import Verifier

    verifier = Verifier(settings, jobs=1)
    try:
        return core.analyse(errors, project, settings, fix=True, write=True, verifier=verifier)
    finally:
        verifier.close()
