"""What a French page must not show: English words, and slips of French typography."""

from __future__ import annotations

import re

# Words that are English and not French: one of them in a French sentence is a text left
# untranslated ("Ann took a token", "Wait one more turn"), whatever else it says.
ENGLISH_WORDS = """the and you your their with from for of to is are was were has have this
that it its at by may can will card cards token tokens turn turns hunted creature rescue discard
discarded discards played took lost left back take takes play pass passed nothing none used clean
waiting move moved chosen hand deck every each one two more instead into onto only own who what
when not yet next then any all gave give drew draw kept keep show shows showed choose how here
again until under down out now which but"""
ENGLISH = frozenset(ENGLISH_WORDS.split())
# French typography and grammar the messages must follow: a capital article inside a sentence
# ("sur L'Antre"), "à le" and "de le" not contracted, "de" not elided before a name, the
# object pronoun after the verb ("a attrapé vous"), no space before : ; ! ?, and a decimal
# point where French writes a comma ("0.8 s" for « 0,8 s »)
ARTICLE = r"(L'|La |Le |Les )(?=[A-ZÀ-Ý])"
FRENCH_SLIPS = re.compile(rf"(?<=[^.!?\s] ){ARTICLE}|\({ARTICLE}"
                          r"|(^|[\s(])(à|de) (le|les) |(^|[\s(])de [AEIOUYÉ]"
                          r"|\b(a|ont|avez) \w+é vous\b|[^\s\d]:|[^\s][;!?]|  |\d\.\d")


def english_or_slips(text: str) -> list[str]:
    """The English words and the French slips in `text`, one page's words (the brand's name,
    Not Alone, is English in both languages)."""
    lines = re.sub(r"not\s+alone", "", text, flags=re.I).splitlines()
    alone = re.compile(r"(?<![\w'’-])({})(?![\w'’-])".format("|".join(sorted(ENGLISH))), re.I)
    return [line for line in lines if alone.search(line) or FRENCH_SLIPS.search(line)]
