"""The card catalogue (data) and the card ability handlers (one small pure function each)."""
