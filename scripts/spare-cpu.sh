#!/bin/sh
# Runs a command on the cores' spare time, for the CI stages that run beside timing-sensitive
# ones (see package.json "test"). Nice alone is not enough: Chromium, run as root, sets its
# renderers back to nice 0; the idle scheduling class (SCHED_IDLE) is kept by every child.
if command -v chrt >/dev/null 2>&1 && chrt --idle 0 true 2>/dev/null; then exec chrt --idle 0 "$@"; fi
exec nice -n 19 "$@"
