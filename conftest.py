"""Shared test settings: hypothesis profiles (RR_FUZZ=long for the long one)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=25, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("long" if os.environ.get("RR_FUZZ") == "long" else "ci")
