"""Screenshots of the table in each phase, per role, at desktop and phone widths."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Page

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
PHASES = ("exploration", "hunting", "reckoning", "end_of_turn", "over")


@dataclass
class Photographer:
    """Takes each (role, phase) once: `<role>-<phase>-desktop.png` and `...-phone.png`."""

    folder: Path
    taken: set[tuple[str, str]] = field(default_factory=set)

    def see(self, role: str, page: Page, phase: str) -> None:
        """Photograph `page` if its role has not been photographed in `phase` yet."""
        if phase in PHASES and (role, phase) not in self.taken:
            self.take(role, page, phase)

    def take(self, role: str, page: Page, now: str) -> None:
        """Both widths of one page, full length."""
        self.taken.add((role, now))
        page.evaluate("window.scrollTo(0, 0)")
        page.mouse.move(0, 0)  # no hover glow or focus ring in the pictures
        page.evaluate("document.activeElement && document.activeElement.blur();"
                      "document.getElementById('toasts').replaceChildren()")  # passing toasts
        page.screenshot(path=self.folder / f"{role}-{now}-desktop.png", full_page=True)
        page.set_viewport_size(PHONE)
        page.screenshot(path=self.folder / f"{role}-{now}-phone.png", full_page=True)
        page.set_viewport_size(DESKTOP)

    def phases_of(self, role: str) -> set[str]:
        """The phases photographed for a role."""
        return {p for r, p in self.taken if r == role}
