# check-stderr
local x=1
echo "status=$?"
