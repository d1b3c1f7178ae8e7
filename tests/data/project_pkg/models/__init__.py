"""Models of the four libraries, each traced only through a jitted step in another file.

Analysed by tests/test_project.py, never imported: flax, equinox and haiku need not be installed.
"""
