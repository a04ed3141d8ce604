# A date FORMAT asking for a field a trillion characters wide: the width
# is capped (4096), so one directive cannot ask for gigabytes.
# expect-stop: none
# expect-stdout-bytes: 4097..4097
# expect-max-seconds: 2
date -u -d @0 '+%999999999999Y'
