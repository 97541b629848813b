"""What a player must never read on a Voynich screen: the data's codes (the choice keys
and the data files keep them)."""
import re

CODES = re.compile(
    r"\b(?:bo|as|ba|wr|re|rs)\.[A-Za-z]+"          # action codes: bo.grow, rs.centre
    r"|\b\d?[GAECOSM]\d?:(?:\*|Bo|As|Ba|Wr)\b"      # condition codes: G2:Bo, 2O:*
    r"|\b\d?[SM]\d\b"                              # S3, 2M4
    r"|\b\d+(?:Bo|As|Ba|Wr|OK)\b"                  # gains: 2Bo, 1OK
    r"|\b(?:BO|AS|BA|WR|RE)\d+\b"                  # card ids: BO7
    r"|\b(?:RT|RU|STEM|BR|FL|SL|SR|CH|P2|POOL)\d[a-d]?\b"  # space ids
    r"|\b(?:FNL|FNR|DW|BASE|J1|J2)\b"
    r"|\b\d(?:I|O1|O2)\b"                          # constellations: 2O1
    r"|\bW\d\b"                                    # writing rows: W3
    r"|\bs\d x\d"                                  # s1 x0
    r"|\b[td]\d\b"                                 # texts and dirty drops: t3, d5
)


def codes_in(text) -> list[str]:
    """The codes in a text as the reader reads it (a message is rendered first)."""
    return CODES.findall(str(text))
