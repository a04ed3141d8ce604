# check-stderr
set -x
export E=1
declare -r R=2
local_fn() { local L=3; }
local_fn
