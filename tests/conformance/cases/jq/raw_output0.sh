# check-stderr
# jq 1.7 differs from the recorded 1.6: --raw-output0 is 1.7's (1.6: unknown option); .out/.err written by hand from jq 1.7's manual and main.c
jq -nc --raw-output0 '"a", 1, [2]' | od -c
jq -n --raw-output0 '"a\u0000b"'
echo "status=$?"
