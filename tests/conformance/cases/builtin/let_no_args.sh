# check-stderr
let
echo "status=$?"
