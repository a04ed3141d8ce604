# check-stderr
local -Q v
echo "status=$?"
local -- v
echo "status=$?"
