"""The card catalogue (data) and the card ability handlers (one small pure function each).

The card data, :mod:`rr.cards.catalogue`, is public; the ability handlers are internal and may
change in any release.
"""
