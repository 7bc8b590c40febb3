"""The repository stands alone: it cites only files it holds, and no tracker's issue numbers.

Source: README.md (the docs/ folder explains the code). A reader of the repository has neither
the design notes it was built from nor the issue tracker, so a citation of either tells them
nothing; the rules texts it cites are kept in docs/rules/.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The two design notes outside the repository, its shared folder, and "issue N" (docs/rules-notes.md
# says where the rules texts live instead).
NOTES = ("DESIGN", "ENGINEERING")
OUTSIDE = re.compile("|".join(rf"{name}\.md" for name in NOTES) + r"|\.\./shared|\bissues? #?\d+",
                     re.IGNORECASE)
MARKDOWN_NAME = re.compile(r"[\w./-]*\b[\w-]+\.md\b")
# A lockfile is not prose, and the rules texts are kept as they were written.
SKIPPED = ("package-lock.json", "docs/rules/")
TEXT_SUFFIXES = {".py", ".js", ".css", ".html", ".md", ".toml", ".ini", ".yml", ".yaml", ".sh",
                 ".conf", ".json", ".txt", ""}


def tracked_texts() -> list[Path]:
    """Every file git tracks that is prose or code (no pictures, no lockfile, no rules text)."""
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.split()
    return [ROOT / name for name in listed
            if not name.startswith(SKIPPED) and Path(name).suffix in TEXT_SUFFIXES
            and (ROOT / name).is_file()]


def test_nothing_cites_the_design_notes_or_an_issue_number() -> None:
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in tracked_texts()
             for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
             if OUTSIDE.search(line)]
    assert not found, "\n".join(found)


def test_every_markdown_file_named_is_in_the_repository() -> None:
    held = {path.name for path in ROOT.rglob("*.md") if ".venv" not in path.parts
            and "node_modules" not in path.parts}
    missing = sorted({f"{path.relative_to(ROOT)}: {name}"
                      for path in tracked_texts()
                      for name in MARKDOWN_NAME.findall(path.read_text(errors="replace"))
                      if Path(name).name not in held})
    assert not missing, "\n".join(missing)


def test_the_guard_sees_a_citation() -> None:
    assert OUTSIDE.search(f"as {NOTES[0]}.md says") and OUTSIDE.search("fixed in issue" + " 12")
    assert not OUTSIDE.search("an issue of the table")
