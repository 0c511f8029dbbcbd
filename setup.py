"""One build step that pyproject.toml cannot say: the spec travels in the wheel.

``spec/rules.md`` and ``spec/rulings.md`` stay the single source, in the repository's ``spec/``;
building copies them into the package as ``rr/data/spec/`` so that ``rr spec`` works from an
installed wheel (``rr.oracle.spec.default_spec_dir`` reads that copy, else ``spec/`` beside the
package in a checkout). Everything else is declared in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SPEC_FILES = ("README.md", "rules.md", "rulings.md", "cards.md")
"""What is copied: the two files ``rr spec`` reads, the format they follow, the card table."""


class build_py_with_spec(build_py):
    """``build_py``, then ``spec/*.md`` copied into the built package as ``rr/data/spec/``."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "rr" / "data" / "spec"
        target.mkdir(parents=True, exist_ok=True)
        for name in SPEC_FILES:
            shutil.copyfile(Path("spec") / name, target / name)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        spec = Path(self.build_lib) / "rr" / "data" / "spec"
        return [*super().get_outputs(include_bytecode), *(str(spec / n) for n in SPEC_FILES)]


setup(cmdclass={"build_py": build_py_with_spec})
