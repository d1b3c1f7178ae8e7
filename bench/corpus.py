"""Build the real-world corpus: the Python files of pinned releases of JAX and its ecosystem.

    python bench/corpus.py            # download (once) and unpack into bench/corpus/
    python bench/corpus.py --list     # print the corpus files, one per line
    python bench/corpus.py --extra    # also the extra JAX projects (bench/corpus/, --list prints them too)

Only the package index is contacted (`pip download --no-deps`); wheels are preferred, an sdist is
used when a release ships no wheel. The unpacked files are byte-for-byte those of the release, so
line endings, encodings and license headers are the authors'. `bench/corpus/` is git-ignored.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

# Pinned so that figures and reviewed findings stay comparable from run to run.
PACKAGES = {
    "jax": "0.10.2",
    "flax": "0.12.8",
    "optax": "0.2.8",
    "equinox": "0.13.8",
    "diffrax": "0.7.2",
    "brax": "0.14.2",
}

# More JAX projects, for measuring false alarms on code the tool has not been tuned on (samplers,
# solvers, distributions, environments). Not part of the speed benchmark's corpus.
EXTRA_PACKAGES = {
    "numpyro": "0.22.0",
    "dm-haiku": "0.0.17",
    "jax-md": "0.2.29",
    "optimistix": "0.1.0",
    "lineax": "0.1.1",
    "jaxopt": "0.8.5",
    "distrax": "0.1.9",
    "evosax": "0.3.2",
    "mctx": "0.0.71",
    "rlax": "0.1.9",
    "jumanji": "1.1.2",
}

ROOT = Path(__file__).resolve().parent / "corpus"
DOWNLOADS = ROOT / "downloads"


def package_folder(name: str) -> Path:
    return ROOT / f"{name}-{PACKAGES.get(name) or EXTRA_PACKAGES[name]}"


def download(name: str, version: str) -> Path:
    """The wheel (or sdist) of `name==version` in DOWNLOADS, fetched only if missing."""
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    existing = _archives(name, version)
    if existing:
        return existing[0]
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(DOWNLOADS)]
    attempt = subprocess.run([*command, "--only-binary=:all:", f"{name}=={version}"])
    if attempt.returncode != 0:
        subprocess.run([*command, "--no-binary=:all:", f"{name}=={version}"], check=True)
    found = _archives(name, version)
    if not found:
        raise SystemExit(f"pip downloaded nothing for {name}=={version}")
    return found[0]


def _archives(name: str, version: str) -> list[Path]:
    prefix = f"{name.replace('-', '_')}-{version}"
    return sorted(
        p for p in DOWNLOADS.glob(f"{prefix}*")
        if p.suffix in (".whl", ".zip") or p.name.endswith(".tar.gz")
    )


def unpack(archive: Path, target: Path) -> int:
    """Copy the archive's `.py` files under `target`, keeping their paths; returns the count."""
    count = 0
    if archive.suffix in (".whl", ".zip"):
        with zipfile.ZipFile(archive) as bundle:
            for member in bundle.namelist():
                if _wanted(member):
                    _store(target, member, bundle.read(member))
                    count += 1
        return count
    with tarfile.open(archive) as bundle:
        for member in bundle.getmembers():
            if member.isfile() and _wanted(member.name):
                handle = bundle.extractfile(member)
                assert handle is not None
                _store(target, member.name, handle.read())
                count += 1
    return count


def _wanted(member: str) -> bool:
    return member.endswith(".py") and ".." not in PurePosixPath(member).parts


def _store(target: Path, member: str, data: bytes) -> None:
    destination = target / PurePosixPath(member)
    destination.parent.mkdir(parents=True, exist_ok=True)
    destination.write_bytes(data)


def build(extra: bool = False) -> list[Path]:
    for name, version in (PACKAGES | EXTRA_PACKAGES if extra else PACKAGES).items():
        folder = package_folder(name)
        if folder.is_dir() and any(folder.rglob("*.py")):
            continue
        archive = download(name, version)
        count = unpack(archive, folder)
        print(f"{name} {version}: {count} files from {archive.name}", file=sys.stderr)
    return files(extra)


def files(extra: bool = False) -> list[Path]:
    """Every corpus file, in a stable order (empty when the corpus was not built)."""
    names = [*PACKAGES, *EXTRA_PACKAGES] if extra else PACKAGES
    return sorted(p for name in names for p in package_folder(name).rglob("*.py"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print the corpus files")
    parser.add_argument("--extra", action="store_true", help="add the extra JAX projects (EXTRA_PACKAGES)")
    options = parser.parse_args(argv)
    corpus = build(options.extra)
    if options.list:
        print("\n".join(str(p) for p in corpus))
    else:
        lines = sum(p.read_bytes().count(b"\n") for p in corpus)
        print(f"{len(corpus)} files, {lines} lines in {ROOT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
