"""The compiled bowls core (engine/bowls/_core.c), built where a C compiler is found; everything else
is in pyproject.toml. Optional: without a compiler the install goes on (setuptools warns) and bowls
plays on the Python core (engine.bowls.core.COMPILED says which)."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("engine.bowls._core", ["engine/bowls/_core.c"], optional=True)])
