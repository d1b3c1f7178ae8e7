"""Re-exports: `from pkg import normalize` reaches pkg/ops.py."""

from .ops import normalize, soft_limit

__all__ = ["normalize", "soft_limit"]
