#!/usr/bin/env bash
# Apple's availability, checked from here: the package declares iOS 13, macOS 10.15, tvOS 13,
# watchOS 6 and visionOS 1, and Linux checks no @available, so a use of anything newer that no
# guard covers would fail only in a user's app. The table of such APIs
# (Scripts/availability/apis.tsv) is checked against the toolchain's own interfaces, then every
# use of each in Sources/ and Tests/ must be under @available, #available, or a platform #if
# that keeps it from Apple's systems.
#
#   Scripts/availability.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 Scripts/availability/build.py
python3 Scripts/availability/check.py
