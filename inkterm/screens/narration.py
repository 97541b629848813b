"""What the demo says about one bot decision: what was decided, what was chosen and
why (from the bot's own reasoning), and the rule that governs it, complete.

The rule is the section of the game's rules text that the decision's topic names,
rendered from Markdown (lists, emphasis and code as the rules screen shows them).
Built from Rich renderables only, so it is tested without an app.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.text import Text

from inkterm.bots.explain import Reason
from inkterm.bots.reasons import why
from inkterm.i18n import N_, _, language
from inkterm.screens.rules import find_section, rules_text

_HEADING = re.compile(r"^(#{1,6}) +(.+?) *#*$", re.M)


@dataclass(frozen=True)
class Section:
    heading: str
    body: str  # Markdown


def sections(game: str) -> tuple[Section, ...]:
    """The rules' ##, ### and #### sections, in the language read now (the title's
    Language setting changes it within a process)."""
    return _sections(game, language())


@lru_cache(maxsize=None)
def _sections(game: str, lang: str) -> tuple[Section, ...]:
    """A section's body runs to the next heading of its level or above, a #### one's (a
    detail of its section) staying in it too; one with no text of its own (a heading
    over sub-sections) takes its sub-sections. ``lang`` keys the cache: ``rules_text``
    reads the active language's rules."""
    text = rules_text(game) or ""
    heads = list(_HEADING.finditer(text))
    out = []
    for i, m in enumerate(heads):
        level = len(m.group(1))
        if level not in (2, 3, 4):
            continue
        stops = [h for h in heads[i + 1:] if len(h.group(1)) <= max(level, 3)]
        end = stops[0].start() if stops else len(text)
        body = text[m.end():end].strip()
        if not body:
            later = [h for h in heads[i + 1:] if len(h.group(1)) <= level]
            end = later[0].start() if later else len(text)
            body = text[m.end():end].strip()
        out.append(Section(m.group(2).strip(), body))
    return tuple(out)


def rule_for(game: str, topic: str) -> Section | None:
    """The section a decision's topic names, if any."""
    secs = sections(game)
    i = find_section([s.heading for s in secs], topic)
    return secs[i] if i is not None else None


def words_in(text: str) -> int:
    """How many words a reader reads in ``text``: Chinese and Japanese write no spaces,
    so their characters count too, about two to a word (reading time, not grammar)."""
    wide = sum(1 for ch in text if unicodedata.east_asian_width(ch) in "WF")
    return len(text.split()) + wide // 2


@dataclass
class Narration:
    """One decision told: every part plain text except the rule, which is Markdown."""

    decided: str
    chosen: str
    why: str
    rule: Section | None
    #: What the ``why`` line is headed ("Why" for a bot's reason; a scene says what it shows).
    why_label: str = N_("Why")

    def renderable(self, full_rule: bool = True) -> Group:
        """``full_rule``: the rule's text too, or only its heading (a rule already read
        in this demo: ``?`` opens it), so the step stays on one screen at 80×24."""
        parts: list[RenderableType] = [
            Text.assemble((_("Deciding: "), "bold"), self.decided),
            Text.assemble((_("Chosen: "), "bold"), self.chosen),
            Text.assemble((_("{label}: ").format(label=_(self.why_label)), "bold"), self.why),
        ]
        if self.rule is not None:
            if full_rule:
                parts.append(Text(_("The rule — {heading}").format(heading=self.rule.heading), style="bold italic"))
                parts.append(Markdown(self.rule.body))
            else:
                parts.append(Text(_("The rule — {heading} (as before; ? shows it)").format(
                    heading=self.rule.heading), style="italic"))
        return Group(*parts)

    def words(self, full_rule: bool = True) -> int:
        """How many words a reader reads in it (the rule's only when shown in full)."""
        text = " ".join((self.decided, self.chosen, self.why))
        if full_rule and self.rule is not None:
            text += " " + self.rule.body
        return words_in(text)


def deciding(who: str, prompt: str) -> str:
    """"Ann: choose a zone": the prompt once named by its chooser (a game's prompt may
    name the chooser itself, in the reader's words: "Ann：选择一个区域")."""
    named = _("{name}: {text}")
    for prefix in (f"{who}: ", named.format(name=who, text="")):
        prompt = prompt.removeprefix(prefix)
    return named.format(name=who, text=prompt)


def narrate(state, d, key: str, reason: Reason) -> Narration:
    """The narration of ``d`` (a decision of ``state``, before ``key`` is applied)."""
    who = state.seats[d.seat]
    prompt = str(d.prompt)
    chosen = d.get(key)
    said = str(chosen.label) if chosen is not None else key
    if chosen is not None and chosen.hint and chosen.hint != chosen.label:
        said += f" — {chosen.hint}"

    def label(k: str) -> str:
        c = d.get(k)
        return str(c.label) if c is not None else k

    return Narration(
        decided=deciding(who, prompt),
        chosen=said,
        why=why(state, d, key, reason, label),
        rule=rule_for(state.record.game, d.topic),
    )
