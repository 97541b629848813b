"""Kiln's board widgets: zones with dice and tokens, player boards, the hand."""
