"""Every prompt kind and event kind the engine names has words in the client.

Source: docs/architecture.md (no prompt or event kind without a label). The vocabulary is the
engine's StrEnums (app/engine/vocab.py); the words are static/js's tables: the log's SENTENCES
(events.js), and for a prompt both what the seat is asked (`prompt.<kind>` or a case of
promptText in labels.js) and what the others see it doing (`doing.<kind>`, for a kind in
labels.js's DOING). The tables are read as text: no JavaScript runtime is needed.
"""

from __future__ import annotations

import re
from pathlib import Path

from app.engine.vocab import EventKind, PromptKind

JS = Path(__file__).resolve().parents[1] / "static" / "js"


def message_keys(source: str) -> set[str]:
    """The keys of messages.js's MESSAGES table (an entry written out, or shared by name)."""
    return set(re.findall(r'^\s*"([\w.-]+)":\s*[{A-Z]', source, re.MULTILINE))


def table_keys(source: str, name: str) -> set[str]:
    """The keys of a top-level `const <name> = {...};` table, or the strings of a
    `const <name> = new Set([...]);`, of a module."""
    match = re.search(rf"^const {name} = \{{\n(.*?)^\}};", source, re.MULTILINE | re.DOTALL)
    if match:
        return set(re.findall(r"^  (\w+):", match.group(1), re.MULTILINE))
    match = re.search(rf"^const {name} = new Set\(\[(.*?)\]\);", source, re.MULTILINE | re.DOTALL)
    return set(re.findall(r'"(\w+)"', match.group(1))) if match else set()


def prompt_cases(source: str) -> set[str]:
    """The prompt kinds promptText (labels.js) words itself."""
    match = re.search(r"export function promptText\(.*?^\}", source, re.MULTILINE | re.DOTALL)
    return set(re.findall(r'case "(\w+)":', match.group(0))) if match else set()


def missing_labels(messages: str, events: str, labels: str) -> list[str]:
    """Every kind without words, named with what it lacks."""
    keys, cases = message_keys(messages), prompt_cases(labels)
    sentences, doing = table_keys(events, "SENTENCES"), table_keys(labels, "DOING")
    out = [f"event {kind}" for kind in EventKind if kind not in sentences]
    for kind in PromptKind:
        if f"prompt.{kind}" not in keys and kind not in cases:
            out.append(f"prompt {kind}: no prompt text")
        # doingLabel words only the kinds of labels.js's DOING table, while there is one
        if f"doing.{kind}" not in keys or (doing and kind not in doing):
            out.append(f"prompt {kind}: no doing.{kind}")
    return out


def sources() -> tuple[str, str, str]:
    """Every message table (messages.js and the tables it spreads in), events.js, labels.js."""
    messages = "\n".join(p.read_text() for p in sorted(JS.glob("messages*.js")))
    return messages, (JS / "events.js").read_text(), (JS / "labels.js").read_text()


def test_every_prompt_and_event_kind_has_a_client_label() -> None:
    assert missing_labels(*sources()) == []


def test_a_missing_label_is_reported() -> None:
    messages, events, labels = sources()
    assert table_keys(events, "SENTENCES") and message_keys(messages) and prompt_cases(labels)
    no_passed = re.sub(r"^  passed:.*\n", "", events, flags=re.MULTILINE)
    no_scream = messages.replace('"doing.scream"', '"doing.screamed"')
    no_doing = labels.replace('"scream", ', "")
    assert missing_labels(messages, no_passed, labels) == ["event passed"]
    assert missing_labels(no_scream, events, labels) == ["prompt scream: no doing.scream"]
    assert missing_labels(messages, events, no_doing) == ["prompt scream: no doing.scream"]
