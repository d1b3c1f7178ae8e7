"""The verification worker: `python -m tracerfix.verify.worker` (the only place JAX is imported).

It imports JAX once, says `ready`, then serves jobs, one JSON line each, from standard input: a
file's original module is imported from its real path (its folder or package root on sys.path,
so module-level helpers, constants and relative imports work), the rewritten source is executed
as a fresh module object with the same `__file__` and package, and every unit is checked. Events
go back as JSON lines on a private copy of standard output; user code that prints writes to
standard error instead. The parent enforces the time limits and kills this process when one
passes; between files, the modules and settings a job added are undone.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import json
import linecache
import os
import site
import sys
import sysconfig
import traceback
import types
from typing import Callable

# JAX settings a user module may change at import; restored after each file.
_JAX_SETTINGS = (
    "jax_enable_x64", "jax_debug_nans", "jax_debug_infs", "jax_numpy_rank_promotion",
    "jax_numpy_dtype_promotion", "jax_default_matmul_precision", "jax_disable_jit",
)


class LoadError(Exception):
    """A module that cannot be imported; the message says why, for the user."""


def main() -> int:
    channel = _private_stdout()

    def send(event: dict) -> None:
        channel.write(json.dumps(event) + "\n")
        channel.flush()

    try:
        import jax
    except Exception as error:
        from tracerfix.messages import install_command

        send({"event": "fatal", "message": (
            f"verification needs JAX, which cannot be imported ({type(error).__name__}: {error}); "
            f"add the `verify` extra: {install_command('verify')}")})
        return 2
    sys.dont_write_bytecode = True  # importing user modules must not leave __pycache__ behind
    from tracerfix.verify import limits
    from tracerfix.verify.check import check_unit

    send({"event": "ready", "jax": jax.__version__, "pid": os.getpid()})
    for line in sys.stdin:
        if not line.strip():
            continue
        job = json.loads(line)
        bounds = limits.Limits.from_json(job.get("limits"))
        limits.apply(bounds)
        with _isolated(job["sys_path"], jax):
            try:
                original, rewritten, reload_original = load(job)
            except LoadError as error:
                send({"event": "load-error", "message": str(error)})
            else:
                send({"event": "loaded"})
                for plan in job["units"]:
                    send({"event": "start", "unit": plan["name"]})
                    limits.start_function(bounds)
                    result = limits.verdict(check_unit(plan, original, rewritten, reload_original,
                                                       job["seed"], job["trials"], job["trial_limit"]), bounds)
                    send({"event": "result", "unit": plan["name"], **result})
        send({"event": "done"})
    return 0


def _private_stdout():
    """Keep standard output for the protocol and send everything else printed to stderr."""
    protocol = os.dup(1)
    os.dup2(2, 1)
    return os.fdopen(protocol, "w", encoding="utf-8", buffering=1)


# --- loading --------------------------------------------------------------------------------------


def load(job: dict) -> tuple[types.ModuleType, types.ModuleType, Callable[[], types.ModuleType]]:
    """The original module, the rewritten one, and a way to import the original afresh."""
    path, name = job["path"], job["module"]
    is_package = os.path.basename(path) == "__init__.py"
    parent = name.rpartition(".")[0]
    package = name if is_package else parent
    if name in sys.modules and getattr(sys.modules[name], "__file__", None) != path:
        name = "_tracerfix_original_" + name.replace(".", "_")  # do not shadow an installed module
    try:
        if parent:
            importlib.import_module(parent)
        spec = None
        if os.path.isfile(path):
            locations = [os.path.dirname(path)] if is_package else None
            spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=locations)
        original = _module(name, package, path, spec)
        sys.modules[name] = original
        if spec is not None and spec.loader is not None and _file_text(path) == job["original_source"]:
            spec.loader.exec_module(original)  # the real import, as the user's code does it
        else:
            _execute(original, job["original_source"], path)  # an editor's unsaved buffer
    except BaseException as error:
        sys.modules.pop(name, None)
        raise LoadError(import_failure(error, path, "importing")) from None

    def fresh(source: str, filename: str) -> types.ModuleType:
        """Another module object from `source`, with the same name, file and package."""
        module = _module(name, package, path, spec)
        sys.modules[name] = module  # while it runs, as during a real import
        try:
            _execute(module, source, filename)
        finally:
            sys.modules[name] = original
        return module

    try:
        rewritten = fresh(job["rewritten_source"], f"{path} (rewritten by tracerfix)")
    except BaseException as error:
        raise LoadError(import_failure(error, path, "running the rewritten")) from None
    return original, rewritten, lambda: fresh(job["original_source"], path)


def _file_text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            return handle.read()
    except (OSError, UnicodeDecodeError):
        return None


def _module(name: str, package: str, path: str, spec) -> types.ModuleType:
    module = importlib.util.module_from_spec(spec) if spec is not None else types.ModuleType(name)
    module.__file__ = path
    module.__package__ = package
    return module


def _execute(module: types.ModuleType, source: str, filename: str) -> None:
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec", dont_inherit=True), module.__dict__)


def import_failure(error: BaseException, path: str, doing: str) -> str:
    """Why a module could not be imported, said so that the user knows what to change."""
    what = f"{doing} {path}" if doing == "importing" else f"{doing} version of {path}"
    if isinstance(error, ModuleNotFoundError):
        return (f"{what} failed: missing dependency `{error.name}` ({error}); install it in the "
                "environment that runs tracerfix, or leave this file out of --verify")
    if isinstance(error, SystemExit):
        return (f"{what} called sys.exit({error.code!r}); move the module's script code under "
                "`if __name__ == \"__main__\":`")
    if isinstance(error, KeyboardInterrupt):
        return f"{what} was interrupted"
    frames = [frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename.startswith(path)]
    where = f" (line {frames[-1].lineno})" if frames else ""
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{what} failed{where}: {type(error).__name__}{': ' + message if message else ''}"


# --- isolation between files ----------------------------------------------------------------------


@contextlib.contextmanager
def _isolated(folder: str, jax):
    modules_before = set(sys.modules)
    settings = {name: getattr(jax.config, name, None) for name in _JAX_SETTINGS}
    sys.path.insert(0, folder)
    try:
        yield
    finally:
        with contextlib.suppress(ValueError):
            sys.path.remove(folder)
        for name in set(sys.modules) - modules_before:
            if not _installed(getattr(sys.modules[name], "__file__", None)):
                del sys.modules[name]
        for name, value in settings.items():
            if value is not None and getattr(jax.config, name, None) != value:
                with contextlib.suppress(Exception):
                    jax.config.update(name, value)


def _installed_roots() -> tuple[str, ...]:
    roots = {sysconfig.get_paths()[key] for key in ("stdlib", "platstdlib", "purelib", "platlib")}
    with contextlib.suppress(AttributeError):
        roots.update(site.getsitepackages())
    return tuple(os.path.realpath(root) for root in roots)


_INSTALLED_ROOTS = _installed_roots()


def _installed(filename: str | None) -> bool:
    """Modules of the Python installation stay loaded between files; the user's are dropped."""
    if filename is None:
        return True  # built-in and namespace modules
    return os.path.realpath(filename).startswith(_INSTALLED_ROOTS)


if __name__ == "__main__":
    sys.exit(main())
