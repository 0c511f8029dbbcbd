"""A game's events, their wire form and their log file. Internal, except the two public
modules: :mod:`rr.events.types` (the event types) and :mod:`rr.events.log` (reading and
writing a log)."""
